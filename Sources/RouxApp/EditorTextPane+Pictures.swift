import Foundation
import RecipeExport
import TerminalUI
import TextLayout

/// Pictures in the text, as Typora and Obsidian show them: under a
/// paragraph that names one (`![alt](photo.png)`, relative to the recipe),
/// rows of their own where `PictureBlock` draws it, as the inspector does
/// its picture. The layout gives the rows their place (`TextAttachment`):
/// scrolling, pages, the caret (which passes over them) and clicks know
/// them; the paragraph's text, the image's among it, stays editable. The
/// file is not touched: the rows are the view's.
extension EditorTextPane {
    /// The largest a picture is drawn in the text: the text's width, a
    /// third of the pane's height and 12 rows at most; nil when the pane
    /// is too small to show one.
    static func pictureBox(_ frame: EditorController.Frame, gutterWidth: Int) -> (columns: Int, rows: Int)? {
        let columns = frame.width - gutterWidth - 1
        guard frame.height >= 9, columns >= 8 else { return nil }
        return (columns, min(12, frame.height / 3))
    }

    /// What the rows made for pictures depend on: when it changes, the
    /// paragraphs holding images are laid out again.
    private struct PictureRowsState: Hashable {
        var columns: Int
        var rows: Int
        var folder: String?
        /// Drawings arrived from the cache: a picture decoded or refused takes other rows.
        var arrivals: Int
    }

    /// Makes room in the session's layout for the pictures its text names,
    /// as many rows as each is drawn in now; none with pictures hidden
    /// (Alt-P) or without colours (NO_COLOR, TERM=dumb). Asking the cache
    /// answers at once; decoding is done off the main thread. A recipe not
    /// saved yet has no folder for its pictures to be in: its text only.
    func showPicturesInText(of session: EditorSession, frame: EditorController.Frame, controller: EditorController) {
        guard controller.useColor, controller.showsPictures, let path = session.path,
              let box = Self.pictureBox(frame, gutterWidth: controller.gutterWidth) else {
            session.layout.setAttachmentRows(nil, state: PictureRowsState(columns: 0, rows: 0, folder: nil, arrivals: 0))
            return
        }
        let folder: String? = (path as NSString).deletingLastPathComponent
        let state = PictureRowsState(columns: box.columns, rows: box.rows, folder: folder, arrivals: controller.pictures.arrivals)
        session.layout.setAttachmentRows({ [weak controller] source, text in
            guard let controller else { return 0 }
            return Self.pictureBlock(source: source, text: text, folder: folder, box: box, controller: controller).rows
        }, state: state)
    }

    /// Draws row `row` of the picture `attachment` names, from the text's
    /// left edge `x` on row `y`: where the text pane puts a picture on the screen.
    func drawPictureRow(_ attachment: TextAttachment, row: Int, session: EditorSession, frame: EditorController.Frame,
                        x: Int, y: Int, into grid: inout CellGrid, controller: EditorController) {
        guard let box = Self.pictureBox(frame, gutterWidth: controller.gutterWidth) else { return }
        let folder = session.path.map { ($0 as NSString).deletingLastPathComponent }
        Self.pictureBlock(source: attachment.source, text: attachment.text, folder: folder, box: box, controller: controller)
            .draw(row: row, into: &grid, x: x, y: y)
    }

    private static func pictureBlock(source: String, text: String, folder: String?, box: (columns: Int, rows: Int),
                                     controller: EditorController) -> PictureBlock {
        let picture = RecipePicture(address: RecipeExport.imageAddress(source), alt: text, folder: folder)
        return PictureBlock(picture, columns: box.columns, rows: box.rows, controller: controller)
    }
}
