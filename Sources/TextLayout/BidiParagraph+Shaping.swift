import CFriBidi

extension BidiParagraph {
    /// The scalars to draw, one for one with `scalars`: mirrored where the
    /// level is odd (rule L4: "(" shows as ")" in right-to-left text), and
    /// Arabic in presentation forms, since terminals do not shape. A lam-alef
    /// ligature puts U+FEFF on the lam and the ligature on the alef; the layout
    /// gives U+FEFF no cell.
    public func shapedScalars() -> [UInt32] {
        guard levels.contains(where: { $0 & 1 == 1 }) else { return scalars }
        let count = FriBidiStrIndex(scalars.count)
        var shaped = scalars.map { FriBidiChar($0) }
        var properties = [FriBidiArabicProp](repeating: 0, count: scalars.count)
        var fribidiLevels = levels.map { FriBidiLevel(bitPattern: $0) }
        fribidi_get_joining_types(shaped, count, &properties)
        fribidi_join_arabic(types, count, fribidiLevels, &properties)
        let flags = FriBidiFlags(FRIBIDI_FLAG_SHAPE_MIRRORING) | roux_fribidi_flags_arabic_shaping()
        fribidi_shape(flags, &fribidiLevels, count, &properties, &shaped)
        return shaped.map { UInt32($0) }
    }
}
