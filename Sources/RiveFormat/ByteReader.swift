/// A bounds-checked cursor over bytes that decodes the format's primitive encodings.
///
/// Every read checks the remaining length first, so no allocation is ever sized by a
/// length that was not checked against the bytes actually present.
struct ByteReader {
    let bytes: [UInt8]
    private(set) var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { position >= bytes.count }
    var remaining: Int { bytes.count - position }

    private func truncated(_ what: @autoclosure () -> String) -> RiveFormatError {
        RiveFormatError(
            .truncated, offset: position,
            message: "the file ends while reading \(what()) (\(remaining) byte(s) left)",
            hint: "the file is cut short; export it again or check that it was copied completely")
    }

    mutating func readByte(_ what: @autoclosure () -> String) throws(RiveFormatError) -> UInt8 {
        guard position < bytes.count else { throw truncated(what()) }
        defer { position += 1 }
        return bytes[position]
    }

    /// Reads an unsigned LEB128 value of at most 64 bits.
    mutating func readVarUInt(_ what: @autoclosure () -> String) throws(RiveFormatError) -> UInt64 {
        let start = position
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = try readByte(what())
            let group = UInt64(byte & 0x7F)
            if shift == 63 && group > 1 || shift > 63 {
                throw RiveFormatError(
                    .varuintOverflow, offset: start, message: "\(what()) is a varuint longer than 64 bits",
                    hint: "the bytes here are not a valid varuint; the file is corrupt")
            }
            result |= group << shift
            if byte & 0x80 == 0 { return result }
            shift += 7
        }
    }

    /// Reads a varuint and checks that it fits in 32 bits (keys and ids).
    mutating func readVarUInt32(_ what: @autoclosure () -> String) throws(RiveFormatError) -> UInt32 {
        let start = position
        let value = try readVarUInt(what())
        guard value <= UInt64(UInt32.max) else {
            throw RiveFormatError(
                .integerOutOfRange, offset: start, message: "\(what()) is \(value), larger than 32 bits",
                hint: "the file is corrupt or not a .riv file")
        }
        return UInt32(value)
    }

    mutating func readUInt32LE(_ what: @autoclosure () -> String) throws(RiveFormatError) -> UInt32 {
        guard remaining >= 4 else { throw truncated(what()) }
        defer { position += 4 }
        return UInt32(bytes[position]) | UInt32(bytes[position + 1]) << 8
            | UInt32(bytes[position + 2]) << 16 | UInt32(bytes[position + 3]) << 24
    }

    mutating func readFloat32(_ what: @autoclosure () -> String) throws(RiveFormatError) -> Float {
        Float(bitPattern: try readUInt32LE(what()))
    }

    /// Reads a varuint length and then that many bytes, after checking they are present.
    mutating func readLengthPrefixed(_ what: @autoclosure () -> String) throws(RiveFormatError) -> ArraySlice<UInt8> {
        let start = position
        let length = try readVarUInt("the length of \(what())")
        guard length <= UInt64(remaining) else {
            throw RiveFormatError(
                .truncated, offset: start,
                message: "\(what()) says it is \(length) bytes long but only \(remaining) byte(s) remain",
                hint: "the file is cut short or the length is corrupt")
        }
        let count = Int(length)
        defer { position += count }
        return bytes[position..<position + count]
    }

    mutating func readFixed(_ count: Int, _ what: @autoclosure () -> String) throws(RiveFormatError) -> ArraySlice<UInt8> {
        guard remaining >= count else { throw truncated(what()) }
        defer { position += count }
        return bytes[position..<position + count]
    }
}

/// Appends the format's primitive encodings to a byte buffer.
struct ByteWriter {
    var bytes: [UInt8] = []

    mutating func writeVarUInt(_ value: UInt64) {
        var value = value
        repeat {
            var byte = UInt8(value & 0x7F)
            value >>= 7
            if value != 0 { byte |= 0x80 }
            bytes.append(byte)
        } while value != 0
    }

    mutating func writeUInt32LE(_ value: UInt32) {
        bytes.append(UInt8(value & 0xFF))
        bytes.append(UInt8((value >> 8) & 0xFF))
        bytes.append(UInt8((value >> 16) & 0xFF))
        bytes.append(UInt8(value >> 24))
    }

    mutating func writeLengthPrefixed(_ payload: some Collection<UInt8>) {
        writeVarUInt(UInt64(payload.count))
        bytes.append(contentsOf: payload)
    }
}

/// Zigzag-encodes a signed integer the way the format stores `int` properties.
func zigzagEncode(_ value: Int64) -> UInt64 { UInt64(bitPattern: (value << 1) ^ (value >> 63)) }

/// Decodes a zigzag-encoded signed integer.
func zigzagDecode(_ value: UInt64) -> Int64 { Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1) }
