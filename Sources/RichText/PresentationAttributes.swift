public import Foundation

/// Character-level presentation attributes a terminal can show.
///
/// A missing attribute means the default (not bold, the theme's colours), as in
/// SwiftUI: setting `false` or `.default` is normalised to "missing" so two texts
/// that look the same compare equal.
public enum BoldAttribute: CodableAttributedStringKey {
    public typealias Value = Bool
    public static let name = "bold"
}

public enum ItalicAttribute: CodableAttributedStringKey {
    public typealias Value = Bool
    public static let name = "italic"
}

public enum UnderlineAttribute: CodableAttributedStringKey {
    public typealias Value = Bool
    public static let name = "underline"
}

public enum StrikethroughAttribute: CodableAttributedStringKey {
    public typealias Value = Bool
    public static let name = "strikethrough"
}

public enum ForegroundColorAttribute: CodableAttributedStringKey {
    public typealias Value = TerminalColor
    public static let name = "foregroundColor"
}

public enum BackgroundColorAttribute: CodableAttributedStringKey {
    public typealias Value = TerminalColor
    public static let name = "backgroundColor"
}
