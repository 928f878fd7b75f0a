/// The checksum of bytes that arrive in pieces (a line streamed from the
/// text, a copy streamed from its file): the same value as `SourceChecksum.of`
/// the bytes joined, without ever holding them joined.
extension SourceChecksum {
    package struct Running {
        private var hash: UInt64
        /// Bytes of the next eight-byte word not yet complete, in memory order
        /// (as `of` loads a word).
        private var word: UInt64 = 0
        private var wordBytes = 0

        /// `count`: how many bytes will be added in all (the checksum starts from it).
        package init(count: Int) {
            hash = SourceChecksum.seed ^ UInt64(count)
        }

        package mutating func add(_ bytes: UnsafeRawBufferPointer) {
            var offset = 0
            while wordBytes > 0, offset < bytes.count {
                append(bytes[offset])
                offset += 1
            }
            while offset + 8 <= bytes.count {
                hash = SourceChecksum.mix(hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                offset += 8
            }
            while offset < bytes.count {
                append(bytes[offset])
                offset += 1
            }
        }

        package mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
            add(UnsafeRawBufferPointer(bytes))
        }

        private mutating func append(_ byte: UInt8) {
            withUnsafeMutableBytes(of: &word) { $0[wordBytes] = byte }
            wordBytes += 1
            if wordBytes == 8 {
                hash = SourceChecksum.mix(hash ^ word)
                (word, wordBytes) = (0, 0)
            }
        }

        /// The checksum of every byte added (the count given must be theirs).
        package var value: UInt64 {
            // The last bytes short of a word, as `of` folds them: first byte highest.
            var tail: UInt64 = 0
            withUnsafeBytes(of: word) { memory in
                for index in 0 ..< wordBytes { tail = tail << 8 | UInt64(memory[index]) }
            }
            return SourceChecksum.mix(hash ^ tail)
        }
    }
}
