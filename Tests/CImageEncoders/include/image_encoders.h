// PNG and JPEG writers for test fixtures and the preview benchmark. Every failure returns 0
// (errors are caught with setjmp, as in the app's readers); the output is freed with hl_free.
#ifndef HEADLINES_IMAGE_ENCODERS_H
#define HEADLINES_IMAGE_ENCODERS_H

#include <stddef.h>
#include <stdint.h>

/// A PNG to write. `samples` holds `width * height * channels` values, one per channel, each
/// below 2^bit_depth (palette images: indices); channels follow from the colour type.
typedef struct hl_png_spec {
    uint32_t width;
    uint32_t height;
    int color_type;  // PNG_COLOR_TYPE_*: 0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA
    int bit_depth;   // 1, 2, 4, 8 or 16 as the colour type allows
    int interlaced;
    const uint16_t *samples;
    const uint8_t *palette;  // RGB triples, for palette images
    int palette_count;
    const uint8_t *palette_alpha;  // tRNS for a palette image; NULL for none
    int palette_alpha_count;
    const uint16_t *transparent;  // tRNS colour for grey (1 value) or RGB (3); NULL for none
} hl_png_spec;

/// Writes the PNG; returns 1 and a malloc'd buffer, or 0.
int hl_png_encode(const hl_png_spec *spec, unsigned char **out, size_t *out_size);

/// Writes a PNG of `width` x `height` zero samples of `bit_depth` bits (black, or transparent
/// with alpha), Adam7-interlaced when `interlaced`, without holding the pixels: a decompression
/// bomb of a few hundred kilobytes. Returns 1 or 0.
int hl_png_encode_blank(uint32_t width, uint32_t height, int color_type, int bit_depth, int interlaced,
                        unsigned char **out, size_t *out_size);

/// Writes a JPEG of 8-bit `components` (1 grey, 3 RGB or 4 CMYK, stored as given) per pixel at `quality` (1-100);
/// `progressive` selects the progressive scan script; `full_chroma` keeps chroma at full size
/// (4:4:4) instead of 4:2:0. Returns 1 and a malloc'd buffer, or 0.
int hl_jpeg_encode(const uint8_t *pixels, uint32_t width, uint32_t height, int components,
                   int quality, int progressive, int full_chroma,
                   unsigned char **out, size_t *out_size);

/// Writes a black RGB JPEG of `width` x `height` without holding the pixels (a progressive one
/// still holds its coefficients while it writes): a few hundred kilobytes that a progressive
/// decoder must keep whole. Returns 1 and a malloc'd buffer, or 0.
int hl_jpeg_encode_blank(uint32_t width, uint32_t height, int progressive, int full_chroma,
                         unsigned char **out, size_t *out_size);

void hl_free(void *pointer);

#endif
