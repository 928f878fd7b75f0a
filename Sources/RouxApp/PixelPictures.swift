import TerminalPictures
import TerminalUI

/// The pictures a frame draws with the terminal's pixels, and how the
/// terminal was found to draw them. One mechanism for every pane: a pane
/// puts a picture's drawing in the grid with `EditorController.placePicture`,
/// which writes block symbols as cells, or blank cells and a placement here;
/// once the frame is drawn, the placements no overlay covered go to the
/// terminal (`TerminalBackend.showPictures`), which draws them after the
/// grid. Until the terminal has answered, and where it draws no pixels
/// (tmux, screen, most terminals), every picture is in symbols.
final class PixelPictures {
    /// The frame's placements, with the blank cell reserved under each.
    private var recording: [(placement: PicturePlacement, blank: Cell)] = []
    /// The placements of the last frame drawn, none covered.
    private(set) var placements: [PicturePlacement] = []

    /// Where the answers to `PixelProtocol.query` are read from: asked by
    /// the launcher, the query sent by the run loop, the answers noted.
    enum Detection {
        case notAsked
        case toSend(environment: [String: String])
        case waiting(environment: [String: String], kittyReply: String?)
        case done
    }

    private(set) var detection = Detection.notAsked

    /// Asks the terminal which protocol it draws with, where that is worth
    /// asking (`PixelProtocol.asks`); until it answers, symbols.
    func ask(environment: [String: String]) {
        if PixelProtocol.asks(environment: environment) { detection = .toSend(environment: environment) }
    }

    /// The query to send, once.
    func takeQuery() -> String? {
        guard case .toSend(let environment) = detection else { return nil }
        detection = .waiting(environment: environment, kittyReply: nil)
        return PixelProtocol.query
    }

    /// Notes one of the terminal's answers. The device attributes come last
    /// (every terminal sends them): then the protocol is known, `.some(nil)`
    /// for none; nil while the answers are not all in.
    func note(_ event: InputEvent) -> PixelProtocol?? {
        guard case .waiting(let environment, let kittyReply) = detection else { return nil }
        switch event {
        case .graphicsReply(let reply):
            detection = .waiting(environment: environment, kittyReply: reply)
            return nil
        case .deviceAttributes(let attributes):
            detection = .done
            return .some(PixelProtocol.detect(kittyReply: kittyReply, deviceAttributes: attributes, environment: environment))
        default:
            return nil
        }
    }

    func beginFrame() {
        recording.removeAll(keepingCapacity: true)
    }

    func record(_ placement: PicturePlacement, blank: Cell) {
        recording.append((placement, blank))
    }

    /// The frame is drawn: a placement whose cells something drew over
    /// since (a menu, a prompt, a message) is left out, the cells shown.
    func finishFrame(on grid: CellGrid) {
        placements = recording.filter { entry in
            let placement = entry.placement
            guard placement.x >= 0, placement.y >= 0, placement.x + placement.columns <= grid.width,
                  placement.y + placement.rows <= grid.height else { return false }
            return placement.rowRange.allSatisfy { y in
                (placement.x ..< placement.x + placement.columns).allSatisfy { x in grid[x, y] == entry.blank }
            }
        }.map(\.placement)
        recording.removeAll(keepingCapacity: true)
    }
}
