extension Picture {
    /// The picture at most `side` pixels on its longest side, its shape kept:
    /// each pixel the average of the ones it covers, weighted by their opacity
    /// (a transparent pixel's colour does not tint its neighbours).
    public func reduced(toFit side: Int) -> Picture {
        let longest = max(width, height)
        guard longest > side, side > 0 else { return self }
        let newWidth = max(1, width * side / longest)
        let newHeight = max(1, height * side / longest)
        var result = [UInt8](repeating: 0, count: newWidth * newHeight * 4)
        rgba.withUnsafeBufferPointer { source in
            for y in 0 ..< newHeight {
                let top = y * height / newHeight
                let bottom = max(top + 1, (y + 1) * height / newHeight)
                for x in 0 ..< newWidth {
                    let left = x * width / newWidth
                    let right = max(left + 1, (x + 1) * width / newWidth)
                    var red = 0, green = 0, blue = 0, alpha = 0
                    for row in top ..< bottom {
                        var index = (row * width + left) * 4
                        for _ in left ..< right {
                            let opacity = Int(source[index + 3])
                            red += Int(source[index]) * opacity
                            green += Int(source[index + 1]) * opacity
                            blue += Int(source[index + 2]) * opacity
                            alpha += opacity
                            index += 4
                        }
                    }
                    let target = (y * newWidth + x) * 4
                    let count = (bottom - top) * (right - left)
                    if alpha > 0 {
                        result[target] = UInt8(red / alpha)
                        result[target + 1] = UInt8(green / alpha)
                        result[target + 2] = UInt8(blue / alpha)
                    }
                    result[target + 3] = UInt8(alpha / count)
                }
            }
        }
        return Picture(width: newWidth, height: newHeight, rgba: result)
    }
}
