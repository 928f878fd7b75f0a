import ArgumentParser
import Foundation
import RecipeFormats
import RecipeStorage
import Recipes

/// Shopping lists kept in files as the Cooklang tools keep them
/// (`.shopping-list`, `.shopping-checked`): reading, writing, ticking.
extension ShoppingListCommand {
    /// The list of the folder, the spec's name for it.
    static let defaultList = ".shopping-list"

    /// What the list files named on the command line hold.
    struct ReadLists {
        var files: [String] = []
        /// Each recipe a list names, resolved, with its times and the
        /// references it reads (`ShoppingListFile.resolved(in:)`).
        var recipes: [(file: String, factor: Double, selection: ReferenceSelection)] = []
        var extras: [ShoppingList.FreeItem] = []
    }

    static func readLists(_ paths: [String]) throws -> ReadLists {
        var read = ReadLists()
        for path in paths {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                CommandSupport.printError(path == defaultList && !FileManager.default.fileExists(atPath: path)
                    ? "no recipes given and no \(defaultList) in this folder (roux shopping-list RECIPE… -o \(defaultList) makes one)"
                    : "\(PathText.shown(path)): cannot be read as a UTF-8 text file")
                throw ExitCode.failure
            }
            let list: ShoppingListFile
            do {
                list = try ShoppingListFile(parsing: text)
            } catch {
                CommandSupport.printError("\(PathText.shown(path)):\(error)")
                throw ExitCode.failure
            }
            read.files.append(path)
            let resolved = list.resolved(in: (path as NSString).deletingLastPathComponent)
            read.recipes += resolved.recipes
            read.extras += resolved.extras
            for reference in resolved.missing {
                let extensions = RecipeFormat.extensions.map { "." + $0 }
                CommandSupport.printError("\(PathText.shown(path)): ./\(reference): no such recipe "
                    + "(\(extensions.dropLast().joined(separator: ", ")) or \(extensions.last ?? "")) beside the list")
            }
            if !resolved.missing.isEmpty { throw ExitCode.failure }
        }
        return read
    }

    /// `oil{4%l}` or `salt`, as a list's line writes a free item.
    static func freeItem(_ written: String) throws -> ShoppingList.FreeItem {
        guard case let .item(name, quantity)? = (try? ShoppingListFile(parsing: written))?.entries.first,
              written.split(whereSeparator: \.isNewline).count == 1 else {
            throw ValidationError("--add \"\(written)\": an item is a name and maybe a quantity: \"oil{4%l}\", \"salt\"")
        }
        return ShoppingList.FreeItem(name: name, quantity: quantity.map(ShoppingListFile.quantity))
    }

    /// A recipe as a list's entry: `./path{times}` from the list's folder
    /// (`.cook` left off, as the Cooklang apps write it), with the
    /// references the list it came from followed nested under it.
    static func entry(_ file: String, factor: Double, selection: ReferenceSelection, listFile: String?) -> ShoppingListFile.Entry {
        let folder = URL(fileURLWithPath: listFile ?? defaultList).deletingLastPathComponent().standardizedFileURL
        func children(_ selection: ReferenceSelection) -> [ShoppingListFile.Entry] {
            guard case let .only(followed) = selection else { return [] }
            return followed.map { .recipe(path: $0.file.map { reference(to: $0, from: folder) } ?? $0.path, multiplier: nil,
                                          children: children($0.then)) }
        }
        return .recipe(path: reference(to: file, from: folder), multiplier: factor == 1 ? nil : factor, children: children(selection))
    }

    /// Writes the list as the spec's file: the recipes, then the free
    /// items; the file is written whole and atomically.
    static func writeList(to output: String, recipes: [ShoppingListFile.Entry], read: ReadLists,
                          extras: [ShoppingList.FreeItem]) throws {
        let entries = recipes + (read.extras + extras).map { ShoppingListFile.Entry.item(name: $0.name, quantity: $0.quantity.map(braces)) }
        switch ShoppingListFile(entries: entries).text(comments: ["made by roux shopping-list; ticks go to .shopping-checked beside it"]) {
        case let .success(text): try CommandSupport.emit(text, as: .text, to: output, from: "")
        case let .failure(problem):
            CommandSupport.printError("\(PathText.shown(output)): not written: \(problem.message)")
            throw ExitCode.failure
        }
        CommandSupport.printError("wrote \(PathText.shown(output)): \(recipes.count) recipe\(recipes.count == 1 ? "" : "s"), \(read.extras.count + extras.count) other item\(read.extras.count + extras.count == 1 ? "" : "s")")
    }

    /// `file` as a path from `folder`, `..` where it is outside.
    static func reference(to file: String, from folder: URL) -> String {
        let target = URL(fileURLWithPath: file).standardizedFileURL.pathComponents
        let base = folder.pathComponents
        let common = zip(target, base).prefix { $0 == $1 }.count
        var parts = Array(repeating: "..", count: base.count - common) + target[common...]
        if let last = parts.last, last.lowercased().hasSuffix(".cook") { parts[parts.count - 1] = String(last.dropLast(5)) }
        return parts.joined(separator: "/")
    }

    /// `4%l` for 4 l: the braces' form.
    static func braces(_ quantity: Quantity) -> String {
        quantity.unit.map { "\(quantity.amount)%\($0)" } ?? quantity.amount
    }

    /// Appends `+ name` / `- name` to `.shopping-checked` beside the list,
    /// for names on it (a name not on the list is said, and nothing is written).
    static func record(ticks: [String], unticks: [String], on list: ShoppingList, lists: [String]) throws {
        guard let listFile = lists.first else {
            CommandSupport.printError("--tick and --untick need a shopping list (a .shopping-list file) to tick off")
            throw ExitCode.validationFailure
        }
        let names = Dictionary(list.items.map { (ShoppingChecks.key($0.name), $0.name) }, uniquingKeysWith: { first, _ in first })
        let file = ShoppingChecks.file(besideList: URL(fileURLWithPath: listFile))
        let shownFile = ((listFile as NSString).deletingLastPathComponent as NSString).appendingPathComponent(".shopping-checked")
        var lines = ""
        for (name, ticking) in ticks.map({ ($0, true) }) + unticks.map({ ($0, false) }) {
            guard let shown = names[ShoppingChecks.key(name)], let entry = ShoppingChecks.entry(ticking: ticking, shown) else {
                CommandSupport.printError("\"\(name)\" is not on \(PathText.shown(listFile)); nothing ticked")
                throw ExitCode.failure
            }
            lines += entry
        }
        do {
            try ShoppingChecks.append(lines, to: file)
        } catch {
            CommandSupport.printError("\(PathText.shown(shownFile)): not written: \(error.localizedDescription)")
            throw ExitCode.failure
        }
        CommandSupport.printError("\(ticks.isEmpty ? "" : "ticked \(ticks.joined(separator: ", "))")\(ticks.isEmpty || unticks.isEmpty ? "" : "; ")\(unticks.isEmpty ? "" : "unticked \(unticks.joined(separator: ", "))") in \(PathText.shown(shownFile))")
    }
}
