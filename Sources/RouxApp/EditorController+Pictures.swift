import Foundation

/// The recipe's pictures: shown, or their alternative text.
extension EditorController {
    /// Whether pictures are drawn; without colours (NO_COLOR) they never are.
    public var showsPictures: Bool {
        get { options.showsPictures }
        set { options.showsPictures = newValue }
    }

    /// Alt-P: pictures hidden or shown again.
    func togglePictures() {
        showsPictures.toggle()
        if !useColor {
            say("pictures need colours (NO_COLOR is set): their text is shown")
        } else {
            say(showsPictures ? "pictures shown" : "pictures hidden: their text is shown (\(keyHint("Pictures")) shows them)")
        }
    }
}
