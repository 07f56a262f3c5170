import Testing
@Test func placeholderE2E() { #expect(1 == 1) }
