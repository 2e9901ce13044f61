#!/usr/bin/env python3
"""Regenerates Tests/LinkPreviewsTests/Resources/Decoding: for each encoding the link-preview decoders
handle, every byte sequence of its whole range (each single byte 0x80-0xFF; each lead and trail pair
of a double-byte encoding; GB18030's four-byte sequences for the BMP and a sample of the
supplementary planes) decoded by an independent reference — glibc's iconv, called through ctypes,
so that tables generated from Python's codecs are checked against another implementation; Python's
codecs for the encodings Foundation decodes — as two files:

  NAME.input     the sequences, one after another, each followed by a space (0x20)
  NAME.expected  UTF-8: each sequence's decoding by the reference, followed by a space; a sequence
                 the reference refuses becomes U+FFFD

The test decodes NAME.input as a page's title in that encoding and compares the result with
NAME.expected sequence by sequence, allowing only the differences listed below, each with the rule
of the Encoding Standard (encoding.spec.whatwg.org) that makes the reference differ.

Run on Debian 12 (glibc 2.36, Python 3.11); the files record what those gave.
"""
import codecs
import ctypes
import ctypes.util
import pathlib

libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
libc.iconv_open.restype = ctypes.c_void_p
libc.iconv_open.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
libc.iconv.restype = ctypes.c_size_t
libc.iconv.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_char_p), ctypes.POINTER(ctypes.c_size_t),
                       ctypes.POINTER(ctypes.c_char_p), ctypes.POINTER(ctypes.c_size_t)]
libc.iconv_close.argtypes = [ctypes.c_void_p]


def iconv_decoder(name):
    """A function decoding one byte sequence with glibc's iconv, or None when it is refused."""
    handle = libc.iconv_open(b"UTF-8", name.encode())
    if handle in (None, ctypes.c_void_p(-1).value):
        raise SystemExit(f"iconv has no {name}")

    def decode(sequence):
        libc.iconv(handle, None, None, None, None)  # reset the state
        inbuf = ctypes.create_string_buffer(sequence, len(sequence))
        outbuf = ctypes.create_string_buffer(64)
        inptr = ctypes.c_char_p(ctypes.addressof(inbuf))
        outptr = ctypes.c_char_p(ctypes.addressof(outbuf))
        inleft = ctypes.c_size_t(len(sequence))
        outleft = ctypes.c_size_t(64)
        result = libc.iconv(handle, ctypes.byref(inptr), ctypes.byref(inleft), ctypes.byref(outptr), ctypes.byref(outleft))
        if result == ctypes.c_size_t(-1).value or inleft.value != 0:
            return None
        # Flush what a stateful converter holds back (CP1255 and CP1258 keep a base letter for a
        # combining mark that may follow).
        libc.iconv(handle, None, None, ctypes.byref(outptr), ctypes.byref(outleft))
        return outbuf.raw[:64 - outleft.value].decode("utf-8")
    return decode


def python_decoder(codec):
    def decode(sequence):
        try:
            return codecs.decode(sequence, codec)
        except UnicodeDecodeError:
            return None
    return decode


def single_bytes():
    return [bytes([byte]) for byte in range(0x80, 0x100)]


def pairs(leads, trails):
    return [bytes([lead, trail]) for lead in leads for trail in trails]


# WHATWG label, reference decoder, sequences. Single-byte encodings against iconv (our tables came
# from Python's codecs); the Japanese decoders (index-jis0208 from Python's cp932) against iconv too;
# the encodings Foundation decodes against Python's codecs.
ENCODINGS = [
    ("ibm866", iconv_decoder("IBM866"), single_bytes()),
    ("iso-8859-2", iconv_decoder("ISO-8859-2"), single_bytes()),
    ("iso-8859-3", iconv_decoder("ISO-8859-3"), single_bytes()),
    ("iso-8859-4", iconv_decoder("ISO-8859-4"), single_bytes()),
    ("iso-8859-5", iconv_decoder("ISO-8859-5"), single_bytes()),
    ("iso-8859-6", iconv_decoder("ISO-8859-6"), single_bytes()),
    ("iso-8859-7", iconv_decoder("ISO-8859-7"), single_bytes()),
    ("iso-8859-8", iconv_decoder("ISO-8859-8"), single_bytes()),
    ("iso-8859-10", iconv_decoder("ISO-8859-10"), single_bytes()),
    ("iso-8859-13", iconv_decoder("ISO-8859-13"), single_bytes()),
    ("iso-8859-14", iconv_decoder("ISO-8859-14"), single_bytes()),
    ("iso-8859-15", iconv_decoder("ISO-8859-15"), single_bytes()),
    ("iso-8859-16", iconv_decoder("ISO-8859-16"), single_bytes()),
    ("koi8-r", iconv_decoder("KOI8-R"), single_bytes()),
    ("koi8-u", iconv_decoder("KOI8-U"), single_bytes()),
    ("macintosh", iconv_decoder("MACINTOSH"), single_bytes()),
    ("windows-874", iconv_decoder("WINDOWS-874"), single_bytes()),
    ("windows-1250", iconv_decoder("CP1250"), single_bytes()),
    ("windows-1251", iconv_decoder("CP1251"), single_bytes()),
    ("windows-1252", iconv_decoder("CP1252"), single_bytes()),
    ("windows-1253", iconv_decoder("CP1253"), single_bytes()),
    ("windows-1254", iconv_decoder("CP1254"), single_bytes()),
    ("windows-1255", iconv_decoder("CP1255"), single_bytes()),
    ("windows-1256", iconv_decoder("CP1256"), single_bytes()),
    ("windows-1257", iconv_decoder("CP1257"), single_bytes()),
    ("windows-1258", iconv_decoder("CP1258"), single_bytes()),
    ("x-mac-cyrillic", iconv_decoder("MAC-CYRILLIC"), single_bytes()),
    ("shift_jis", iconv_decoder("CP932"),
     pairs(list(range(0x81, 0xA0)) + list(range(0xE0, 0xFD)), list(range(0x40, 0x7F)) + list(range(0x80, 0xFD)))),
    ("euc-jp", iconv_decoder("EUC-JP-MS"), pairs(range(0xA1, 0xFF), range(0xA1, 0xFF))),
    ("euc-kr", python_decoder("cp949"), pairs(range(0x81, 0xFF), list(range(0x41, 0x5B)) + list(range(0x61, 0x7B)) + list(range(0x81, 0xFF)))),
    ("gbk", python_decoder("gb18030"), pairs(range(0x81, 0xFF), list(range(0x40, 0x7F)) + list(range(0x80, 0xFF)))),
    ("big5", python_decoder("cp950"), pairs(range(0xA1, 0xFA), list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF)))),
    # GB18030's four-byte sequences: the BMP range (0x81308130-0x8431A439), every sequence; and the
    # supplementary planes' first thousand (from 0x90308130).
    ("gb18030", python_decoder("gb18030"),
     [bytes([a, b, c, d]) for a in range(0x81, 0x85) for b in range(0x30, 0x3A) for c in range(0x81, 0xFF)
      for d in range(0x30, 0x3A) if (a, b, c, d) <= (0x84, 0x31, 0xA4, 0x39)]
     + [bytes([0x90, 0x30, c, d]) for c in range(0x81, 0xE5) for d in range(0x30, 0x3A)][:1000]),
]

root = pathlib.Path(__file__).resolve().parent.parent / "Tests/LinkPreviewsTests/Resources/Decoding"
root.mkdir(parents=True, exist_ok=True)
for label, decode, sequences in ENCODINGS:
    data = bytearray()
    expected = []
    for sequence in sequences:
        data += sequence + b" "
        text = decode(sequence)
        expected.append(("\ufffd" if text is None or text == "" else text) + " ")
    (root / f"{label}.input").write_bytes(bytes(data))
    (root / f"{label}.expected").write_text("".join(expected), encoding="utf-8")
    print(f"{label}: {len(sequences)} sequences")
