// Writing 8-bit RGB pixels as a PNG in memory, for the kitty graphics protocol and iTerm2's
// inline images (both take a PNG; a PNG is a third of raw RGB's bytes on a usual picture).
#ifndef HEADLINES_PNG_WRITER_H
#define HEADLINES_PNG_WRITER_H

#include <stddef.h>
#include <stdint.h>

#pragma clang assume_nonnull begin

/// Writes `width * height` pixels of `rgb` (3 bytes each, rows top to bottom) as a PNG at zlib
/// level `level` (0-9). Returns 1 with a malloc'd buffer in `out` (free it with hl_png_free),
/// or 0 when libpng failed or memory ran out; nothing is left allocated then.
int hl_png_encode_rgb(const unsigned char *rgb, uint32_t width, uint32_t height, int level,
                      unsigned char *_Nullable *_Nonnull out, size_t *out_size);

void hl_png_free(void *_Nullable bytes);

#pragma clang assume_nonnull end

#endif
