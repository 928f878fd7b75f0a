import Foundation
import RecipeStorage
import Recipes
import RouxApp

/// `roux check --config`: each configuration file, every place it is looked
/// for in order, which one is read, and whether it reads.
enum ConfigurationReport {
    /// Prints the report; false when a file that is read has problems.
    static func print(aisles: String?, pantry: String?, files: ConfigurationFiles = ConfigurationFiles()) -> Bool {
        var sound = true
        var output = ""
        for (name, explicit) in [(ConfigurationFiles.aisleFileName, aisles), (ConfigurationFiles.pantryFileName, pantry)] {
            let lookup = files.lookup(name, explicit: explicit)
            output += name + "\n"
            for candidate in lookup.candidates {
                let status = candidate == lookup.found ? (lookup.isExplicit ? "named" : "read") : Self.exists(candidate) ? "unread" : "absent"
                output += "  \(status.padding(toLength: 7, withPad: " ", startingAt: 0)) \(PathText.shown(candidate))"
                    + (status == "unread" ? "  (the one above is read)" : "") + "\n"
            }
            guard let found = lookup.found else {
                output += "  none found: " + (name == ConfigurationFiles.aisleFileName ? "items are not grouped by aisle" : "nothing counts as at home") + "\n"
                continue
            }
            guard let text = try? String(contentsOfFile: found, encoding: .utf8) else {
                CommandSupport.printError("\(PathText.shown(found)): cannot be read as a UTF-8 text file")
                sound = false
                continue
            }
            if name == ConfigurationFiles.pantryFileName {
                do {
                    let read = try Pantry(parsing: text)
                    for warning in read.warnings { CommandSupport.printError("warning: \(PathText.shown(found)):\(warning)") }
                    output += "  \(read.items.count) item\(read.items.count == 1 ? "" : "s") at home\n"
                } catch {
                    CommandSupport.printError("\(PathText.shown(found)):\(error)")
                    sound = false
                }
            } else {
                let table = AisleTable(contents: text)
                output += "  \(table.aisles.count) aisle\(table.aisles.count == 1 ? "" : "s")\n"
            }
        }
        if !editorSettings(files.editorFile, into: &output) { sound = false }
        CommandSupport.printOutput(output, terminator: "")
        return sound
    }

    /// The editor's `config.toml`: where it is looked for, what it sets,
    /// and each line it cannot take (`file:line: message`, on standard error).
    private static func editorSettings(_ path: String, into output: inout String) -> Bool {
        output += ConfigurationFiles.editorFileName + "\n"
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            output += "  absent  \(PathText.shown(path))\n  none found: the editor's defaults\n"
            return true
        }
        output += "  read    \(PathText.shown(path))\n"
        let configuration = EditorConfiguration.read(path: path)
        for message in configuration.messages { CommandSupport.printError(message) }
        output += "  " + configuration.summary + "\n"
        return configuration.problems.isEmpty
    }

    private static func exists(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
    }
}
