/// A synced item's attachment (Google Reader's `enclosure`, Miniflux's `enclosures`, Nextcloud
/// News' `enclosureLink`): one typed as an image is the article's picture (ranked after the
/// item's own thumbnail), anything else its enclosure.
extension RawItem {
    mutating func offerAttachment(_ link: String, type: String?, byteSize: Int64?) {
        if type?.hasPrefix("image") == true {
            offerImage(RawLink(text: link, base: nil), rank: 2)
        } else {
            let size = byteSize.flatMap { $0 > 0 ? $0 : nil }  // 0 and below: not said
            offerEnclosure(RawEnclosure(link: RawLink(text: link, base: nil), type: type, byteSize: size), rank: 0)
        }
    }
}
