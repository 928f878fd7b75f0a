/// Whether a proposed formatting change would survive the definition; the
/// front end greys out a control whose verdict is `.refused`.
public enum FormattingVerdict: Equatable, Sendable {
    case allowed
    /// Why not, in words for the status bar ("colour is set by the ingredient").
    case refused(String)

    public var isAllowed: Bool { self == .allowed }
}
