public import ArgumentParser
import Recipes

extension UnitSystem: ExpressibleByArgument {}

/// `--units metric|us`, shared by the commands that show quantities: the
/// recipe's masses, volumes and temperatures in that system
/// (`UnitConversion`), with the user's densities.
struct UnitOptions: ParsableArguments {
    @Option(help: "Show quantities and temperatures in metric or us units (default: as the recipe writes them).")
    var units: UnitSystem?

    /// The conversion asked for, with the densities of the configuration
    /// folder (what is wrong in that file is said, the rest used).
    func conversion() -> UnitConversion? {
        guard let units else { return nil }
        let (densities, problems) = Densities.configured()
        for problem in problems { CommandSupport.printError("warning: \(problem)") }
        return UnitConversion(to: units, densities: densities)
    }
}
