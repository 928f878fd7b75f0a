import Foundation
import RecipeStorage
import Recipes

/// A folder of recipes: the one place that says which of a folder's files
/// are recipes, lists them, picks the one to open and names a new one. The
/// editor's launcher, Ctrl-O, Ctrl-N, the recipe list and the command line
/// all ask it, so a file one of them shows is a file each of them opens.
///
/// A recipe file has a recipe extension (`RecipeFormat.extensions`), is not
/// hidden, and is a regular file (through a link to one): a pipe named
/// `*.md` would make reading its title wait for a writer for ever, a link to
/// `/dev/tty` would read the user's keys as a title.
public struct RecipeFolder: Sendable {
    public let path: String

    public init(_ path: String) {
        self.path = path
    }

    /// A subfolder or a recipe, as the recipe list shows it.
    public struct Entry: Equatable, Sendable {
        public var path: String
        /// The recipe's title by the one rule (`Recipe.title`); a folder's name and `/`.
        public var title: String
        /// The file's name when another recipe listed has the same title:
        /// what tells the two apart, so a list too narrow for both cuts the
        /// title, never this.
        public var fileName: String?
        public var isFolder: Bool

        public init(path: String, title: String, fileName: String? = nil, isFolder: Bool = false) {
            self.path = path
            self.title = title
            self.fileName = fileName
            self.isFolder = isFolder
        }

        /// The title with the file's name when it has one: `Soupe (soupe.md)`.
        public var label: String { fileName.map { "\(title) (\($0))" } ?? title }
    }

    /// Whether `path` is a folder (through a link to one).
    public static func isFolder(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
    }

    /// Whether a file's name is a recipe's: not hidden, with a recipe extension.
    public static func isRecipeName(_ name: String) -> Bool {
        !name.hasPrefix(".") && RecipeFormat.isRecipeFileName(name)
    }

    /// The folder's own recipe files, most recently changed first; equal
    /// times by name in a file manager's order (numbers as numbers: `r2.md`
    /// before `r10.md`, case aside), as the subfolders are.
    public func recipeFiles() -> [String] {
        var files: [(path: String, name: String, time: timespec)] = []
        for name in names() where Self.isRecipeName(name) {
            let file = child(name)
            var status = stat()
            guard stat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            files.append((file, name, status.st_mtim))
        }
        return files.sorted { first, second in
            (first.time.tv_sec, first.time.tv_nsec) != (second.time.tv_sec, second.time.tv_nsec)
                ? (first.time.tv_sec, first.time.tv_nsec) > (second.time.tv_sec, second.time.tv_nsec)
                : first.name.localizedStandardCompare(second.name) == .orderedAscending
        }.map(\.path)
    }

    /// The most recently changed recipe file: what opening the folder opens.
    public var newestRecipe: String? { recipeFiles().first }

    /// What the recipe list shows: `../` (but at `/`), the subfolders by
    /// name, then the recipes, newest first, titled.
    public func entries() -> [Entry] {
        let folders = names().filter { !$0.hasPrefix(".") && Self.isFolder(child($0)) }
            .sorted { $0.localizedStandardCompare($1) == .orderedAscending }
            .map { Entry(path: child($0), title: $0 + "/", isFolder: true) }
        let parent = PathText.folder(of: path)
        let up = path == "/" || parent.isEmpty ? [] : [Entry(path: parent, title: "../", isFolder: true)]
        return up + folders + Self.entries(forFiles: recipeFiles())
    }

    /// Recipe files given one by one (`roux a.md b.md`), titled, in that order.
    public static func entries(forFiles files: [String]) -> [Entry] {
        var entries = files.map { Entry(path: $0, title: RecipeFiles.title(ofFileAt: $0) ?? Recipe.title(fileName: $0)) }
        // Equal titles: the file name tells them apart.
        let repeated = Set(Dictionary(grouping: entries, by: \.title).filter { $0.value.count > 1 }.keys)
        for index in entries.indices where repeated.contains(entries[index].title) {
            entries[index].fileName = (entries[index].path as NSString).lastPathComponent
        }
        return entries
    }

    /// The recipe files of the folder and its subfolders (hidden ones left
    /// out), sorted; for a file, the file itself. The command line's `FILE|FOLDER`.
    public static func recipeFiles(below path: String) -> [String] {
        guard isFolder(path) else { return [path] }
        guard let walker = FileManager.default.enumerator(atPath: path) else { return [] }
        var files: [String] = []
        while let relative = walker.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") {
                walker.skipDescendants()
                continue
            }
            // A folder named like a recipe (dir.md) is walked into, not read.
            if isRecipeName(name), walker.fileAttributes?[.type] as? FileAttributeType != .typeDirectory {
                files.append((path as NSString).appendingPathComponent(relative))
            }
        }
        // In the recipe list's order (numbers as numbers, case aside), a
        // folder's path at a time so its files stay together.
        return files.sorted { first, second in
            let (left, right) = ((first as NSString).pathComponents, (second as NSString).pathComponents)
            for (one, other) in zip(left, right) where one != other {
                return one.localizedStandardCompare(other) == .orderedAscending
            }
            return left.count < right.count
        }
    }

    /// The file that opening `path` opens: the file itself; in a folder, its
    /// newest recipe, else a new `recipe.md` there; a name typed without an
    /// extension, the recipe file with one (`soup` for `soup.md`, as a
    /// shell's completion would have it), else the name as typed.
    public static func fileToOpen(for path: String) -> String {
        if isFolder(path) {
            let folder = RecipeFolder(path)
            return folder.newestRecipe ?? folder.child("recipe.md")
        }
        if FileManager.default.fileExists(atPath: path) || !(path as NSString).pathExtension.isEmpty { return path }
        return RecipeFormat.extensions.map { path + "." + $0 }.first { FileManager.default.fileExists(atPath: $0) } ?? path
    }

    /// A free path in the folder for a recipe titled `title` (its slug, or
    /// `untitled`, then `-2`, `-3`…, see `RecipeFiles.suggestedName`), not
    /// `avoiding` either (a new recipe not yet on disk).
    public func newRecipePath(title: String?, extension pathExtension: String = "md", avoiding: String? = nil) -> String {
        child(newRecipeName(title: title, extension: pathExtension, avoiding: avoiding))
    }

    /// The format a new recipe here is written in: the one most of the
    /// folder's recipes are (a Cooklang folder gets `.cook`), else on a tie
    /// or in an empty folder `open`'s (the recipe open beside it), else
    /// Markdown. Plain text holds no recipe markup: it is no one's choice.
    public func newRecipeFormat(besides open: RecipeFormat?) -> RecipeFormat {
        let open = open.flatMap { $0.file.holdsMarkup ? $0 : nil }
        var counts: [RecipeFormat: Int] = [:]
        for file in recipeFiles() {
            let format = RecipeFormat(path: file)
            if format.file.holdsMarkup { counts[format, default: 0] += 1 }
        }
        let most = counts.values.max() ?? 0
        let leading = RecipeFormat.allCases.filter { counts[$0] == most }
        if let open, most == 0 || leading.contains(open) { return open }
        return leading.count == 1 ? leading[0] : .markdown
    }

    /// The name part of `newRecipePath`.
    public func newRecipeName(title: String?, extension pathExtension: String = "md", avoiding: String? = nil) -> String {
        RecipeFiles.suggestedName(forTitle: title, extension: pathExtension) { name in
            let file = child(name)
            return file == avoiding || FileManager.default.fileExists(atPath: file)
        }
    }

    private func child(_ name: String) -> String {
        (path as NSString).appendingPathComponent(name)
    }

    private func names() -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    }
}
