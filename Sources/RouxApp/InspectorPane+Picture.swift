import Foundation
import RecipeStorage
import TerminalUI
import TextLayout

/// The recipe's picture atop the inspector, above the ingredients, as
/// `PictureBlock` draws a picture (block symbols, or its alternative text
/// and why not).
extension InspectorPane {
    /// Which picture the inspector shows, found again only when another
    /// recipe opens, it is saved or its metadata changes (finding it looks in
    /// the folder and the text).
    struct PictureMemo {
        var key: Key?
        var picture: RecipePicture?

        struct Key: Equatable {
            var session: ObjectIdentifier
            var path: String?
            var fingerprint: FileFingerprint?
            var metadata: [String]
        }
    }

    /// The picture's place now: what it shows and how many rows (with the blank row under it).
    struct PictureLayout {
        var block: PictureBlock
        var rows: Int { block.rows + 1 }
    }

    /// The tallest a picture is drawn: a third of the pane, at most 14 rows.
    static func pictureBox(_ frame: EditorController.Frame) -> (columns: Int, rows: Int)? {
        guard frame.height >= 15, frame.width >= 8 else { return nil }
        return (frame.width - 3, min(14, frame.height / 3))
    }

    func shownPicture(_ controller: EditorController) -> RecipePicture? {
        let session = controller.session
        let key = PictureMemo.Key(session: ObjectIdentifier(session), path: session.path, fingerprint: session.fingerprint,
                                  metadata: session.recipe.conventionalValues(.images))
        if pictureMemo.key != key {
            pictureMemo = PictureMemo(key: key, picture: RecipePicture.main(of: session.recipe, at: session.path, title: session.title))
        }
        return pictureMemo.picture
    }

    /// What the picture takes in the pane now; nil without a picture or room.
    func pictureLayout(_ controller: EditorController) -> PictureLayout? {
        guard let picture = shownPicture(controller), let box = Self.pictureBox(controller.inspectorFrame) else { return nil }
        return PictureLayout(block: PictureBlock(picture, columns: box.columns, rows: box.rows, controller: controller))
    }

    /// Draws the picture from the frame's top, centred.
    func drawPicture(_ shown: PictureLayout, into grid: inout CellGrid, frame: EditorController.Frame) {
        for row in 0 ..< shown.block.rows { shown.block.draw(row: row, into: &grid, x: frame.x + 2, y: frame.y + row) }
    }
}
