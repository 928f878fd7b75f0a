import Foundation
public import Recipes

/// The system of units the editor shows quantities in, for one open recipe:
/// as the recipe writes them (no system), metric or US. Like the scale, it
/// is the session's, not the file's, until "Apply the units" writes it.
public struct UnitView {
    /// Where the user's densities are looked for (`XDG_CONFIG_HOME`, `HOME`): the process's, or a test's.
    public var environment = ProcessInfo.processInfo.environment
    public var system: UnitSystem?
    /// The shipped densities with the user's `densities.conf` over them,
    /// read when the view changes; the shipped ones until then, parsed
    /// when first converted with (not on the way to the first screen).
    public var densities: Densities {
        get { configuredDensities ?? .standard }
        set { configuredDensities = newValue }
    }
    private var configuredDensities: Densities?

    public var conversion: UnitConversion? {
        system.map { UnitConversion(to: $0, densities: densities) }
    }

    /// The next view of Alt-M: as written, metric, US, as written.
    public var next: UnitSystem? {
        switch system {
        case nil: .metric
        case .metric?: .us
        case .us?: nil
        }
    }

    /// The longest text whose temperatures and quantities the inspector
    /// lists (256 KB: a long recipe is a tenth of it).
    static let largestTextRead = 256 * 1024

    /// What the text writes and the view shows instead, kept until the text
    /// or the system changes (a frame does not walk the text).
    var cachedText: (version: Int, system: UnitSystem, conversions: [UnitConversion.TextConversion])?
    /// What the text pane shows instead of the text, at a text version,
    /// system and scale: the lists' quantities scaled and converted, the
    /// rest converted.
    var cachedView: (version: Int, system: UnitSystem?, scale: Double, shown: [UnitConversion.TextConversion])?
}
