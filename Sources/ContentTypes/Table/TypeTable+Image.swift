// The built-in declarations for images.
//
// Transcribed from Apple's CoreTypes declarations (identifiers, parents in declaration order, tags with the
// preferred tag first, English descriptions); see Docs/ContentTypes.md for the sources and their gaps.

extension TypeTable {
    static let imageDeclarations: [BuiltInDeclaration] = [
        .exported(
            "com.apple.finder.pictclipping", ["com.apple.finder.clipping", "public.image"],
            extensions: ["pictclipping"], "picture clipping"),
        .exported("public.image", ["public.data", "public.content"], "image"),
        .exported("public.fax", ["public.image", "public.message"], "fax"),
        .exported("public.camera-raw-image", ["public.image"], "camera raw image"),
        .exported(
            "public.jpeg", ["public.image"], extensions: ["jpeg", "jpg", "jpe"],
            mimeTypes: ["image/jpeg", "image/jpg"], "JPEG image"),
        .exported(
            "public.jpeg-2000", ["public.image"], extensions: ["jp2", "jpf", "jpx", "j2k", "j2c"],
            mimeTypes: ["image/jp2"], "JPEG 2000 image"),
        .exported(
            "public.tiff", ["public.image"], extensions: ["tiff", "tif"], mimeTypes: ["image/tiff"], "TIFF image"),
        .exported(
            "com.apple.pict", ["public.image"], extensions: ["pict", "pct", "pic"],
            mimeTypes: ["image/pict", "image/x-pict", "image/x-macpict"], "QuickDraw picture"),
        .exported("com.apple.macpaint-image", ["public.image"], extensions: ["pntg"], "MacPaint image"),
        .exported("public.png", ["public.image"], extensions: ["png"], mimeTypes: ["image/png"], "PNG image"),
        .exported(
            "com.apple.quicktime-image", ["public.image"], extensions: ["qtif", "qti"],
            mimeTypes: ["image/x-quicktime"], "QuickTime image"),
        .exported("com.apple.icns", ["public.image"], extensions: ["icns"], "Apple icon image"),
        .exported(
            "public.xbitmap-image", ["public.image"], extensions: ["xbm"], mimeTypes: ["image/x-xbitmap"],
            "X bitmap image"),
        .exported("public.mpo-image", ["public.image"], extensions: ["mpo"], "Multiple Picture Object image"),
        .exported("ca.mcgill.mni.bic.mnc", ["public.image"], extensions: ["mnc", "minc"], "MINC Image"),
        .imported("com.compuserve.gif", ["public.image"], extensions: ["gif"], mimeTypes: ["image/gif"], "GIF image"),
        .imported(
            "com.microsoft.bmp", ["public.image"], extensions: ["bmp", "dib"], mimeTypes: ["image/bmp"],
            "Windows BMP image"),
        .imported(
            "com.microsoft.ico", ["public.image"], extensions: ["ico"], mimeTypes: ["image/vnd.microsoft.icon"],
            "Windows icon image"),
        .imported(
            "org.webmproject.webp", ["public.image"], extensions: ["webp"], mimeTypes: ["image/webp"], "WebP Image"),
        .imported(
            "org.oasis-open.opendocument.image", ["org.oasis-open.opendocument", "public.image"], extensions: ["odi"],
            mimeTypes: ["application/vnd.oasis.opendocument.image"], "Open Document image"),
        .imported(
            "org.oasis-open.opendocument.image-template", ["org.oasis-open.opendocument", "public.image"],
            extensions: ["oti"], mimeTypes: ["application/vnd.oasis.opendocument.image-template"],
            "Open Document image template"),
        .imported(
            "com.adobe.photoshop-image", ["public.image"], extensions: ["psd"],
            mimeTypes: [
                "image/vnd.adobe.photoshop", "image/photoshop", "image/x-photoshop", "image/psd",
                "application/photoshop",
            ], "Adobe Photoshop document"),
        .imported(
            "com.adobe.photoshop-large-image", ["public.image"], extensions: ["psb"], "Adobe Photoshop large document"),
        .imported("com.adobe.illustrator.ai-image", ["public.image"], extensions: ["ai"], "Adobe Illustrator document"),
        .imported(
            "com.truevision.tga-image", ["public.image"], extensions: ["tga"],
            mimeTypes: ["image/targa", "image/tga", "application/tga"], "TGA image"),
        .imported(
            "com.sgi.sgi-image", ["public.image"], extensions: ["sgi"], mimeTypes: ["image/sgi"],
            "Silicon Graphics image"),
        .imported("com.ilm.openexr-image", ["public.image"], extensions: ["exr"], "OpenEXR image"),
        .imported(
            "com.kodak.flashpix-image", ["public.image"], extensions: ["fpx"],
            mimeTypes: ["image/fpx", "application/vnd.fpx"], "FlashPix image"),
        .imported("public.heif-standard", ["public.image"], "HEIF Image"),
        .imported("public.heif", ["public.heif-standard"], extensions: ["heif", "hif"], mimeTypes: ["image/heif"]),
        .imported("public.heic", ["public.heif-standard"], extensions: ["heic"], mimeTypes: ["image/heic"]),
        .imported("public.avci", ["public.heif-standard"], extensions: ["avci"], mimeTypes: ["image/avci"]),
        .imported(
            "public.heifs", ["public.heif-standard"], extensions: ["heifs"], mimeTypes: ["image/heif-sequence"],
            "HEIF Image Sequence"),
        .imported(
            "public.heics", ["public.heif-standard"], extensions: ["heics"], mimeTypes: ["image/heic-sequence"],
            "HEIF Image Sequence"),
        .imported(
            "public.avcs", ["public.heif-standard"], extensions: ["avcs"], mimeTypes: ["image/avcs"],
            "HEIF Image Sequence"),
        .imported("com.apple.drawing", ["public.image"], extensions: ["drawing"], "Apple Drawing Format"),
        .imported("com.j2.jfx-fax", ["public.fax"], extensions: ["jfx"], "J2 fax"),
        .imported("com.j2.efx-fax", ["public.fax"], extensions: ["efx"], mimeTypes: ["image/efax"], "eFax fax"),
        .exported("com.adobe.raw-image", ["public.image"], extensions: ["dng"]),
        // Tags: the JPEG XL reference implementation's shared-mime-info declaration (libjxl,
        // plugins/mime/image-jxl.xml: `image/jxl`, `*.jxl`); Apple's header gives none.
        .exported("public.jpeg-xl", ["public.image"], extensions: ["jxl"], mimeTypes: ["image/jxl"], "JPEG XL image"),
        // Declared by Apple's systems since macOS 13 and iOS 16, with no constant in the headers.
        // Tags: the AV1 Image File Format specification (AOMedia, v1.1.0, "AVIF image MIME type":
        // `image/avif`; the `.avif` extension). Its parent here is `public.image`, the one
        // conformance known for certain; whether Apple puts it under `public.heif-standard` is not.
        // Under HEIF, as Apple's own declaration has it (macOS 13.3.1's type dump): AVIF is a HEIF
        // image whose frames are AV1.
        .imported(
            "public.avif", ["public.heif-standard"], extensions: ["avif"], mimeTypes: ["image/avif"], "AVIF image"),
    ]
}
