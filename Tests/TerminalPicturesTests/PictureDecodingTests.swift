import Foundation
import RouxTestSupport
import Testing
@testable import TerminalPictures

/// Picture files are untrusted: every damaged one is an error with a message,
/// never a crash, and a header's size is checked before decoding.
@Suite struct PictureDecodingTests {
    /// Left half red, right half blue, opaque.
    static let redBlue = TestPicture.png(width: 16, height: 8) { x, _ in x < 8 ? (255, 0, 0, 255) : (0, 0, 255, 255) }

    @Test func aPNGIsDecodedToItsPixels() throws {
        let picture = try Picture.decode(Self.redBlue)
        #expect(picture.width == 16 && picture.height == 8)
        #expect(Array(picture.rgba[0 ..< 4]) == [255, 0, 0, 255])
        #expect(Array(picture.rgba[(8 * 4) ..< (8 * 4 + 4)]) == [0, 0, 255, 255])
    }

    @Test func aLargePictureIsReducedToTheWorkingSizeKeepingItsShape() throws {
        let wide = TestPicture.png(width: 400, height: 100) { x, _ in x < 200 ? (0, 255, 0, 255) : (0, 0, 0, 255) }
        let picture = try Picture.decode(wide, fittingIn: 40)
        #expect(picture.width == 40 && picture.height == 10)
        #expect(Array(picture.rgba[0 ..< 4]) == [0, 255, 0, 255])
        #expect(Array(picture.rgba[(39 * 4) ..< (39 * 4 + 4)]) == [0, 0, 0, 255])
    }

    @Test func transparentPixelsDoNotTintTheirNeighboursWhenReduced() throws {
        // Transparent white beside opaque red: the reduced pixel is red, half opaque.
        let picture = Picture(width: 2, height: 1, rgba: [255, 255, 255, 0, 200, 0, 0, 255]).reduced(toFit: 1)
        #expect(picture.rgba == [200, 0, 0, 127])
    }

    @Test(arguments: [
        ("empty", [UInt8](), "the picture file is empty"),
        ("text", Array("not a picture at all".utf8), "not a PNG, JPEG, GIF or WebP picture"),
        ("PNG signature only", Array(redBlue.prefix(8)), "the PNG picture's header is damaged"),
        ("truncated JPEG", [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01], "the JPEG picture's header is damaged"),
        ("GIF signature only", Array("GIF89a".utf8), "the GIF picture has no pixels"),
        ("WebP header only", Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8), "the WebP picture's header is damaged"),
    ])
    func aDamagedFileSaysWhy(name: String, bytes: [UInt8], message: String) {
        #expect(throws: PictureError(message), "\(name)") { try Picture.decode(bytes) }
    }

    @Test func aTruncatedPNGIsAnErrorNotAPartialPicture() throws {
        let cut = Array(Self.redBlue.prefix(Self.redBlue.count - 40))
        let error = try #require(throws: PictureError.self) { try Picture.decode(cut) }
        #expect(error.message.hasPrefix("the PNG picture is damaged or cut short"))
    }

    @Test func aSizeAboveTheCapIsRefusedBeforeDecoding() {
        // 8000×8000: 64 million pixels, 256 MB once decoded.
        let large = TestPicture.pngFile(width: 8_000, height: 8_000, imageData: [0x78, 0x01, 0x01, 0x00, 0x00, 0xFF, 0xFF])
        #expect(throws: PictureError("the PNG picture is 8000×8000 pixels, more than 50 million")) { try Picture.decode(large) }
    }

    @Test func anAbsurdSizeIsRefusedBeforeDecoding() {
        // A header claiming 60000×60000 with a few bytes of data: decoding would ask for 14 GB.
        let lying = TestPicture.pngFile(width: 60_000, height: 60_000, imageData: [0x78, 0x01, 0x01, 0x00, 0x00, 0xFF, 0xFF])
        #expect(throws: PictureError("the PNG picture is 60000×60000 pixels, more than 50 million")) { try Picture.decode(lying) }
    }

    @Test func aPictureOfNoPixelsIsRefused() {
        let empty = TestPicture.pngFile(width: 0, height: 0, imageData: [])
        #expect(throws: PictureError.self) { try Picture.decode(empty) }
    }
}

/// The formats read, on small files made for the project (the fuzzer's seeds,
/// `Tests/Fuzz/picture`): 12×8 pixels, the left half red, the right blue.
@Suite struct PictureFormatsTests {
    @Test(arguments: ["small.png", "small.jpg", "small.gif", "small.webp"])
    func eachFormatIsDecoded(name: String) throws {
        let path = repositoryRoot.appendingPathComponent("Tests/Fuzz/picture/\(name)").path
        let bytes = try #require(FileManager.default.contents(atPath: path), "\(path) is missing")
        let picture = try Picture.decode(Array(bytes))
        if name == "small.gif" {
            #expect(picture.width == 1 && picture.height == 1)
        } else {
            #expect(picture.width == 12 && picture.height == 8)
            let left = Array(picture.rgba[0 ..< 3]).map(Int.init)
            let right = Array(picture.rgba[(11 * 4) ..< (11 * 4 + 3)]).map(Int.init)
            #expect(left[0] > 150 && left[2] < 80, "\(left)")
            #expect(right[0] < 90 && right[2] > 170, "\(right)")
        }
    }

    @Test(arguments: ["truncated.jpg", "truncated.png"])
    func aCutFileIsRefused(name: String) throws {
        let path = repositoryRoot.appendingPathComponent("Tests/Fuzz/picture/\(name)").path
        let bytes = try #require(FileManager.default.contents(atPath: path), "\(path) is missing")
        #expect(throws: PictureError.self) { try Picture.decode(Array(bytes)) }
    }
}
