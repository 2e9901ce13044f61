import TransferClipboard
import TransferKitTesting

/// The picture `transfer drag` and `transfer drop` show in their windows: a tile for each item,
/// side by side, its name drawn by the placeholder renderer (``PlaceholderImage``), tiles in two
/// alternating colours.
enum WindowTiles {
    /// Tiles named `names` filling `frame`; `nil` when there are none, or the window is too large
    /// or too narrow for them (the window is then plain).
    static func picture(_ names: [String], in frame: WindowFrame) -> WindowPicture? {
        let (width, height) = (Int(frame.width), Int(frame.height))
        guard !names.isEmpty, width >= names.count else { return nil }
        let colors: [(PlaceholderImage.Color, PlaceholderImage.Color)] = [
            (
                PlaceholderImage.Color(red: 0x20, green: 0x2F, blue: 0x55),
                PlaceholderImage.Color(red: 0xE4, green: 0xEC, blue: 0xF7)
            ),
            (
                PlaceholderImage.Color(red: 0x55, green: 0x2F, blue: 0x20),
                PlaceholderImage.Color(red: 0xF7, green: 0xEE, blue: 0xE4)
            ),
        ]
        var tiles: [[UInt8]] = []
        var widths: [Int] = []
        for (index, name) in names.enumerated() {
            let tileWidth = index == names.count - 1 ? width - width / names.count * index : width / names.count
            let (ink, paper) = colors[index % colors.count]
            guard
                let tile = try? PlaceholderImage(
                    width: tileWidth, height: height, text: String(name.prefix(PlaceholderImage.maximumTextLength)),
                    foreground: ink, background: paper)
            else { return nil }
            tiles.append(tile.rgbPixels())
            widths.append(tileWidth)
        }
        var rgb: [UInt8] = []
        rgb.reserveCapacity(width * height * 3)
        for row in 0..<height {
            for (tile, tileWidth) in zip(tiles, widths) {
                rgb += tile[(row * tileWidth * 3)..<((row + 1) * tileWidth * 3)]
            }
        }
        return WindowPicture(width: width, height: height, rgb: rgb)
    }
}
