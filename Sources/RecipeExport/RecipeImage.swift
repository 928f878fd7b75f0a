import Foundation
import RichText
public import Recipes
import RecipeFormats

/// A picture of a recipe as the Cooklang conventions name them ("Adding
/// Pictures"): a file beside the recipe with its name (`Baked Potato.jpg`
/// for `Baked Potato.cook`) or a step's (`Baked Potato.3.jpg`, the step's
/// number before the extension), or an address in its `image` metadata.
public struct RecipeImage: Equatable, Sendable {
    /// A file's name in the recipe's folder, or the metadata's address as written.
    public var address: String
    /// The step it shows, for a step's picture.
    public var step: Int?
    /// Whether it is a file beside the recipe (not an address from its metadata).
    public var isBeside: Bool

    public init(address: String, step: Int? = nil, isBeside: Bool) {
        self.address = address
        self.step = step
        self.isBeside = isBeside
    }

    /// The extensions of pictures, as browsers show them.
    static let extensions: Set<String> = ["jpg", "jpeg", "png", "webp", "gif", "avif"]

    /// The recipe's pictures: the files beside it (its own first, then each
    /// step's in step order), then the addresses of its `image` (`images`,
    /// `picture`, `pictures`) metadata. `path` is the recipe's file, nil
    /// for a recipe that has none.
    public static func all(for recipe: Recipe, at path: String?) -> [RecipeImage] {
        let beside = path.map(besideFiles) ?? []
        let named = recipe.conventionalValues(.images).map { RecipeImage(address: $0, isBeside: false) }
        return beside + named
    }

    /// The pictures beside a recipe file: `Name.ext` and `Name.N.ext`, the
    /// extension in any case.
    static func besideFiles(of path: String) -> [RecipeImage] {
        let url = URL(fileURLWithPath: path)
        let stem = url.deletingPathExtension().lastPathComponent
        let folder = url.deletingLastPathComponent().path
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var images: [RecipeImage] = []
        for name in names where name.hasPrefix(stem + ".") {
            let rest = name.dropFirst(stem.count + 1).split(separator: ".", omittingEmptySubsequences: false)
            guard let last = rest.last, extensions.contains(last.lowercased()) else { continue }
            switch rest.count {
            case 1: images.append(RecipeImage(address: name, isBeside: true))
            case 2:
                guard !rest[0].isEmpty, rest[0].allSatisfy({ $0.isASCII && $0.isNumber }), let step = Int(rest[0]) else { continue }
                images.append(RecipeImage(address: name, step: step, isBeside: true))
            default: continue
            }
        }
        // The recipe's own first, then the steps in order; names break ties (.jpg before .png).
        return images.sorted { ($0.step ?? -1, $0.address) < ($1.step ?? -1, $1.address) }
    }

    /// Where a page beside the recipe finds it: a file as a relative
    /// address (`./Baked%20Potato.jpg`, so that no part of its name reads
    /// as a scheme), an address as written; nil for an address whose
    /// scheme could run something (`RecipeExport.safeAddress`).
    public var pageAddress: String? {
        guard isBeside else { return RecipeExport.safeAddress(address) }
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ":?#")
        return address.addingPercentEncoding(withAllowedCharacters: allowed).map { "./" + $0 }
    }
}
