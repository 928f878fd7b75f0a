import ArgumentParser
import Foundation
import Recipes

/// What every subcommand shares: opening with located errors, writing output.
enum CommandSupport {
    static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    /// Opens a recipe or fails with every problem as `file:line:column: message`.
    static func open(_ path: String, force: Bool = false) throws -> RecipeFiles.Opened {
        do {
            let opened = try RecipeFiles.open(path: path, allowBinary: force)
            for warning in opened.warnings { printError("warning: \(warning)") }
            return opened
        } catch {
            for problem in error.errors { printError(problem.description) }
            throw ExitCode.failure
        }
    }

    /// Writes to `output` atomically, or to standard output.
    static func emit(_ text: String, to output: String?) throws {
        guard let output else {
            FileHandle.standardOutput.write(Data(text.utf8))
            return
        }
        do {
            try SafeFileWriter().write(Data(text.utf8), to: output)
        } catch {
            printError(error.description)
            throw ExitCode.failure
        }
    }

    /// Recipe files of a folder (or the file itself), sorted.
    static func recipeFiles(in path: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { return [path] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { name in [".md", ".cook", ".txt"].contains { name.lowercased().hasSuffix($0) } }
            .sorted().map { (path as NSString).appendingPathComponent($0) }
    }
}
