import Foundation
import RecipeExport
import Recipes
import RichText

/// A picture the recipe names, where the editor finds it: a file on this
/// machine (`path`), or an address on the web, which is not fetched.
struct RecipePicture: Equatable {
    /// The file, nil for an address the editor does not fetch.
    var path: String?
    /// The address as the recipe writes it.
    var address: String
    /// What is shown instead of the picture: its alternative text, else its name.
    var alt: String

    /// A picture's address, as written, resolved against the recipe's folder:
    /// a relative path (percent escapes decoded, as a Markdown address is
    /// written) or absolute path or a `file:` URL is a file; any other scheme
    /// is on the web.
    init(address: String, alt: String?, folder: String?) {
        self.address = address
        self.alt = alt.flatMap { $0.isEmpty ? nil : $0 } ?? (address as NSString).lastPathComponent
        if let url = URL(string: address), let scheme = url.scheme, scheme.count > 1 {
            path = url.isFileURL ? url.path : nil
        } else {
            let decoded = address.removingPercentEncoding ?? address
            path = decoded.hasPrefix("/") || folder == nil ? decoded : URL(fileURLWithPath: folder ?? "").appendingPathComponent(decoded).path
        }
    }

    /// The recipe's own picture, as a reader expects it: the file beside it
    /// with its name (Cooklang's convention, `Recipe.jpg`), else its `image`
    /// metadata, else the first picture its text shows (`![alt](src)`).
    static func main(of recipe: Recipe, at path: String?, title: String?) -> RecipePicture? {
        let folder = path.map { ($0 as NSString).deletingLastPathComponent }
        if let image = RecipeImage.all(for: recipe, at: path).first(where: { $0.step == nil }) {
            return RecipePicture(address: image.address, alt: title, folder: folder)
        }
        for run in recipe.document.text.runs {
            if let source = run.attributes.image {
                let alt = String(recipe.document.text[run.range].characters)
                return RecipePicture(address: RecipeExport.imageAddress(source), alt: alt, folder: folder)
            }
        }
        return nil
    }
}
