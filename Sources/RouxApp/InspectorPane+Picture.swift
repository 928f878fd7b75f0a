import Foundation
import RecipeStorage
import TerminalUI
import TextLayout

/// The recipe's picture atop the inspector, above the ingredients: drawn in
/// block symbols once decoded (`PictureCache`), its alternative text while
/// it is not, and with the reason when it cannot be (a missing or damaged
/// file, an address on the web). Without colours (NO_COLOR) or with pictures
/// hidden (Alt-P), the alternative text only.
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
        var picture: RecipePicture
        var drawing: PictureCache.Drawing?
        var rows: Int
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
        guard let picture = shownPicture(controller) else { return nil }
        let frame = controller.inspectorFrame
        guard let box = Self.pictureBox(frame) else { return nil }
        guard controller.useColor, controller.showsPictures else { return PictureLayout(picture: picture, drawing: nil, rows: 2) }
        let drawing = picture.path.map { controller.pictures.drawing(of: $0, columns: box.columns, rows: box.rows) }
            ?? .failed("pictures on the web are not fetched")
        switch drawing {
        case .loading: return PictureLayout(picture: picture, drawing: drawing, rows: 2)
        case .failed(let reason): return PictureLayout(picture: picture, drawing: drawing, rows: Self.reasonLines(reason, box).count + 2)
        case .cells, .pixels: return PictureLayout(picture: picture, drawing: drawing, rows: (drawing.size?.rows ?? 0) + 1)
        }
    }

    /// Why a picture is not drawn, wrapped to the pane in at most three rows.
    private static func reasonLines(_ reason: String, _ box: (columns: Int, rows: Int)) -> [String] {
        CellGrid.wrapped(EditorController.label(reason), width: box.columns, rows: 3)
    }

    /// Draws the picture from the frame's top, centred, in symbols or the
    /// terminal's pixels (`EditorController.placePicture`).
    func drawPicture(_ shown: PictureLayout, into grid: inout CellGrid, frame: EditorController.Frame, controller: EditorController) {
        let x = frame.x + 2
        let right = frame.x + frame.width - 1
        let altText = EditorController.label("\(ParagraphLayout.imageMarker) \(VisualLabel.isolated(shown.picture.alt))")
        switch shown.drawing {
        case .some(let drawing) where drawing.size != nil:
            let width = drawing.size?.columns ?? 0
            let left = x + max(0, (right - x - width) / 2)
            let clip = EditorController.Frame(x: x, y: frame.y, width: right - x, height: shown.rows)
            controller.placePicture(drawing, x: left, y: frame.y, clip: clip, into: &grid)
        case .failed(let reason):
            grid.write(altText, x: x, y: frame.y, style: CellStyle(italic: true), limit: right)
            for (offset, line) in Self.reasonLines(reason, (right - x, 0)).enumerated() {
                grid.write(line, x: x, y: frame.y + 1 + offset, style: EditorController.dimStyle, limit: right)
            }
        case .loading, .cells, .pixels, nil:
            grid.write(altText, x: x, y: frame.y, style: CellStyle(italic: true), limit: right)
        }
    }
}
