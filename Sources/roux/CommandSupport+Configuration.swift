import ArgumentParser
import Foundation
import RecipeStorage
import Recipes

/// The aisle and pantry files, found as `ConfigurationFiles` says, read with
/// located messages.
extension CommandSupport {
    /// A configuration file's text: the one named (which must be readable),
    /// else the first found, else nothing.
    static func configurationText(_ lookup: ConfigurationFiles.Lookup) throws -> String {
        guard let path = lookup.found else { return "" }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            printError("\(PathText.shown(path)): cannot be read as a UTF-8 text file")
            throw ExitCode.failure
        }
        return text
    }

    static func aisles(explicit: String?, files: ConfigurationFiles = ConfigurationFiles()) throws -> AisleTable {
        AisleTable(contents: try configurationText(files.lookup(ConfigurationFiles.aisleFileName, explicit: explicit)))
    }

    /// The pantry; a malformed file is `file:line:column: message` and a
    /// failure (a list computed without it would buy what is at home),
    /// what is only not understood a warning.
    static func pantry(explicit: String?, files: ConfigurationFiles = ConfigurationFiles()) throws -> (Pantry, path: String?) {
        let lookup = files.lookup(ConfigurationFiles.pantryFileName, explicit: explicit)
        let text = try configurationText(lookup)
        let shown = lookup.found.map(PathText.shown) ?? ConfigurationFiles.pantryFileName
        do {
            let pantry = try Pantry(parsing: text)
            for warning in pantry.warnings { printError("warning: \(shown):\(warning)") }
            return (pantry, lookup.found)
        } catch {
            printError("\(shown):\(error)")
            throw ExitCode.failure
        }
    }
}
