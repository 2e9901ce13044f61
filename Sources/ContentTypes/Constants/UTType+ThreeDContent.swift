extension UTType {
    /// The type `public.3d-content` (3D Content).
    ///
    /// Conforms to `public.content`.
    public static let threeDContent = UTType(builtIn: "public.3d-content")

    /// The type `com.pixar.universal-scene-description` (Universal Scene Description).
    ///
    /// Conforms to `public.3d-content`, `public.data`.
    /// Tags: filename extensions `usd`, `usdc`.
    public static let usd = UTType(builtIn: "com.pixar.universal-scene-description")

    /// The type `com.pixar.universal-scene-description-mobile` (Universal Scene Description Package).
    ///
    /// Conforms to `public.3d-content`, `public.data`.
    /// Tags: filename extensions `usdz`; MIME types `model/vnd.usdz+zip`.
    public static let usdz = UTType(builtIn: "com.pixar.universal-scene-description-mobile")

    /// The type `com.apple.scenekit.scene` (SceneKit serialized format).
    ///
    /// Conforms to `public.data`, `public.3d-content`.
    /// Tags: filename extensions `scn`, `scnz`.
    public static let sceneKitScene = UTType(builtIn: "com.apple.scenekit.scene")
}
