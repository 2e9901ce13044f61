// The built-in declarations for 3D content and scenes.
//
// Transcribed from Apple's CoreTypes declarations (identifiers, parents in declaration order, tags with the
// preferred tag first, English descriptions); see Docs/ContentTypes.md for the sources and their gaps.

extension TypeTable {
    static let threeDContentDeclarations: [BuiltInDeclaration] = [
        .exported("public.3d-content", ["public.content"], "3D Content"),
        .exported("public.alembic", ["public.3d-content", "public.data"], extensions: ["abc"], "Alembic 3D Scene"),
        .exported(
            "public.standard-tesselated-geometry-format", ["public.3d-content", "public.data"], extensions: ["stl"],
            "Standard Tesselated Geometry File Format"),
        .exported(
            "public.polygon-file-format", ["public.3d-content", "public.data"], extensions: ["ply"],
            "Polygon File Format"),
        .exported(
            "com.pixar.universal-scene-description", ["public.3d-content", "public.data"], extensions: ["usd", "usdc"],
            "Universal Scene Description"),
        .exported(
            "com.pixar.universal-scene-description-mobile", ["public.3d-content", "public.data"], extensions: ["usdz"],
            mimeTypes: ["model/vnd.usdz+zip"], "Universal Scene Description Package"),
        .exported(
            "com.apple.scenekit.scene", ["public.data", "public.3d-content"], extensions: ["scn", "scnz"],
            "SceneKit serialized format"),
    ]
}
