import ArgumentParser
import Foundation
import Recipes

/// What every subcommand shares: opening with located errors, writing output.
enum CommandSupport {
    static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    /// Opens a recipe or fails with every problem as `file:line:column: message`.
    static func open(_ path: String, force: Bool = false, forceHint: String? = nil) throws -> RecipeFiles.Opened {
        do {
            let opened = try RecipeFiles.open(path: path, allowBinary: force)
            for warning in opened.warnings { printError("warning: \(warning)") }
            return opened
        } catch {
            for problem in error.errors {
                let binary = problem.message == RecipeFileReader.binaryMessage
                printError(problem.description + (binary ? (forceHint.map { "; \($0)" } ?? "") : ""))
            }
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

    /// Recipe files of a folder and its subfolders, hidden ones left out,
    /// sorted (or the file itself).
    static func recipeFiles(in path: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { return [path] }
        guard let walker = FileManager.default.enumerator(atPath: path) else { return [] }
        var files: [String] = []
        while let relative = walker.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") {
                walker.skipDescendants()
                continue
            }
            if RecipeFormat.isRecipeFileName(name) {
                files.append((path as NSString).appendingPathComponent(relative))
            }
        }
        return files.sorted()
    }

    /// Files of every argument; a folder with none is said, not silent.
    static func recipeFiles(of paths: [String]) -> [String] {
        paths.flatMap { path -> [String] in
            let files = recipeFiles(in: path)
            if files.isEmpty { printError("\(path): no recipe files (.md, .cook, .txt) in this folder or below") }
            return files
        }
    }
}
