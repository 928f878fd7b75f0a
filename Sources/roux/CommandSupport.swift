import ArgumentParser
import Foundation
import RecipeStorage
import Recipes
import RecipeFormats
import RecipeExport

/// What every subcommand shares: opening with located errors, writing output.
enum CommandSupport {
    /// A line to standard error, as text for a person (`OutgoingText`).
    static func printError(_ message: String) {
        write(message + "\n", as: .text, to: FileHandle.standardError, STDERR_FILENO)
    }

    /// Output to standard output, made safe for what it is (`OutgoingText`):
    /// every printer of the command line writes through here or `emit`.
    static func printOutput(_ text: String, as kind: OutgoingText.Kind = .text, terminator: String = "\n") {
        write(text + terminator, as: kind, to: FileHandle.standardOutput, STDOUT_FILENO)
    }

    private static func write(_ text: String, as kind: OutgoingText.Kind, to handle: FileHandle, _ descriptor: Int32) {
        handle.write(Data(OutgoingText.safe(text, as: kind, toTerminal: isatty(descriptor) == 1).utf8))
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

    /// Writes `text`, made safe for what it is (`OutgoingText`), to
    /// `output` atomically, or to standard output (no `output`, or "-").
    /// Never onto `input`, the recipe it was made from.
    static func emit(_ text: String, as kind: OutgoingText.Kind, to output: String?, from input: String) throws {
        guard let output, output != "-" else { return printOutput(text, as: kind, terminator: "") }
        guard !output.isEmpty else {
            printError("-o needs a file name (or - for standard output)")
            throw ExitCode.validationFailure
        }
        if isSameFile(output, input) {
            printError("\(output): not written: it is the recipe being converted (\(input)); write to another file")
            throw ExitCode.failure
        }
        do {
            try SafeFileWriter().write(Data(OutgoingText.safe(text, as: kind, toTerminal: false).utf8), to: output)
        } catch {
            printError(error.description)
            throw ExitCode.failure
        }
    }

    /// Whether two paths name one file (through links too).
    private static func isSameFile(_ first: String, _ second: String) -> Bool {
        var firstStatus = stat()
        var secondStatus = stat()
        guard stat(first, &firstStatus) == 0, stat(second, &secondStatus) == 0 else { return false }
        return firstStatus.st_dev == secondStatus.st_dev && firstStatus.st_ino == secondStatus.st_ino
    }

    /// Files of every argument; a folder with none is said, not silent.
    /// The recipe files' extensions, as help and messages name them: ".md, .cook, …".
    static var extensionList: String { RecipeFormat.extensions.map { "." + $0 }.joined(separator: ", ") }

    static func recipeFiles(of paths: [String]) -> [String] {
        paths.flatMap { path -> [String] in
            let files = RecipeFolder.recipeFiles(below: path)
            if files.isEmpty { printError("\(path): no recipe files (\(extensionList)) in this folder or below") }
            return files
        }
    }
}
