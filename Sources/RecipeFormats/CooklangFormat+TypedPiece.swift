import Foundation
import RichText
import Recipes

extension CooklangFormat {
    /// A piece of a step's text as the file would hold it: a component
    /// converted before (`2 minutes` shown, `~{2%minutes}` written) reads as
    /// its source, so what is typed right after it is read with it, as the
    /// file's reader reads the file: `@basil{3%leaves}` then `(torn)` typed
    /// is the ingredient's note, not text.
    struct TypedPiece {
        /// What the file holds for it.
        var source: String
        /// UTF-8 range in the source text read.
        var plain: Range<Int>
        /// UTF-8 range in the typed text.
        var window: Range<Int>
        var isConverted: Bool

        static func pieces(of typed: AttributedString) -> [TypedPiece] {
            var pieces: [TypedPiece] = []
            var plainOffset = 0
            var windowOffset = 0
            for run in typed.runs {
                let shown = String(typed[run.range].characters)
                let source = run[CooklangSourceAttribute.self] ?? shown
                pieces.append(TypedPiece(source: source, plain: plainOffset ..< plainOffset + source.utf8.count,
                                         window: windowOffset ..< windowOffset + shown.utf8.count,
                                         isConverted: run[CooklangSourceAttribute.self] != nil))
                plainOffset += source.utf8.count
                windowOffset += shown.utf8.count
            }
            return pieces
        }

        /// The typed text's range for `range` of the source text: nil when
        /// it starts or ends inside a converted component's source.
        static func window(of range: Range<Int>, in pieces: [TypedPiece]) -> Range<Int>? {
            func offset(_ plain: Int) -> Int? {
                guard let piece = pieces.first(where: { $0.plain.contains(plain) }) else {
                    return plain == pieces.last?.plain.upperBound ? pieces.last?.window.upperBound : (pieces.isEmpty ? 0 : nil)
                }
                if plain == piece.plain.lowerBound { return piece.window.lowerBound }
                return piece.isConverted ? nil : piece.window.lowerBound + plain - piece.plain.lowerBound
            }
            guard let lower = offset(range.lowerBound), let upper = offset(range.upperBound) else { return nil }
            return lower ..< upper
        }
    }
}

extension AttributeContainer {
    /// Typed text, or a name marked as it was typed (an ingredient's mark
    /// with nothing else: no source kept), which a component typed around
    /// it (`@lemon{3}`) replaces.
    var isTypedOrTypedMark: Bool {
        var unmarked = self
        unmarked.ingredient = nil
        return unmarked.isTypedText
    }
}
