import Testing
@testable import NewsCore

/// MD5 (the Fever API's key): RFC 1321's own test suite, lengths around the padding's block
/// boundaries (checked against Python's hashlib), UTF-8 input, and the key Coldsweat expects.
@Suite struct MD5Tests {
    /// RFC 1321, appendix A.5.
    @Test(arguments: [
        ("", "d41d8cd98f00b204e9800998ecf8427e"),
        ("a", "0cc175b9c0f1b6a831c399e269772661"),
        ("abc", "900150983cd24fb0d6963f7d28e17f72"),
        ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
        ("abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"),
        ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "d174ab98d277d9f5a5611c2c9f419d9f"),
        ("12345678901234567890123456789012345678901234567890123456789012345678901234567890", "57edf4a22be3c955ac49da2e2107b67a"),
    ])
    func rfc1321TestSuite(input: String, digest: String) {
        #expect(MD5.hex(input) == digest)
    }

    /// 55 bytes leave room for the length in one block, 56 need a second; 64 fill a block exactly.
    @Test(arguments: [
        (55, "04364420e25c512fd958a70738aa8f72"), (56, "668a72d5ba17f08e62dabcafad6db14b"),
        (57, "693037871c4a9d3d8685018905cb530a"), (63, "7dc2ca208106a2f703567bdff99d8981"),
        (64, "c1bb4f81d892b2d57947682aeb252456"), (65, "1bc932052302d074bdec39795fe00cf6"),
        (119, "ab347a5f68c8a443cfcddc633f12c24f"), (120, "fb98667f98096de92620b64f46e1c5b5"),
        (128, "d69cb61a6ee87200676eb0d4b90edbcb"),
    ])
    func lengthsAroundTheBlockBoundaries(length: Int, digest: String) {
        #expect(MD5.hex(String(repeating: "x", count: length)) == digest)
    }

    @Test func inputIsHashedAsUTF8() {
        #expect(MD5.hex("café:pässwörd") == "2cff472f03ec7990610dedf7069b0d8a")
        #expect(MD5.digest("abc".utf8).count == 16)
    }

    /// The Fever key of the test server's user, as `md5sum` printed it (Tests/SyncServers).
    @Test func feverKeyOfTheTestAccount() {
        #expect(MD5.hex("test@example.com:testpassword123") == "844f7d34341831a386b80e75bf6bf1f4")
    }
}
