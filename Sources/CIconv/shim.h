// glibc's iconv, for decoding feeds in any character encoding (see NewsCore/Encodings/Iconv.swift).
// Part of the C library itself: nothing to link. Swift's Glibc module does not include iconv.h.
#include <iconv.h>
