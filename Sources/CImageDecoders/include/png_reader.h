// Reading a PNG from memory through libpng, one row at a time, as 8-bit RGB.
#ifndef HEADLINES_PNG_READER_H
#define HEADLINES_PNG_READER_H

#include <stddef.h>
#include <stdint.h>
#include "image_status.h"

#pragma clang assume_nonnull begin

typedef struct hl_png_reader hl_png_reader;

/// Where the pixels of one delivered row go in the full image: `count` pixels at columns
/// `first_column`, `first_column + column_step`, ... of row `y`. Interlaced images arrive as the
/// seven Adam7 passes, so a row is sparse and rows come more than once; `count` 0 means the end.
typedef struct hl_png_row {
    uint32_t y;
    uint32_t first_column;
    uint32_t column_step;
    uint32_t count;
} hl_png_row;

/// A reader over `size` bytes at `data`, which must stay valid until `hl_png_destroy`.
/// Transparent pixels are composited over the background colour. NULL when out of memory.
hl_png_reader *_Nullable hl_png_create(const unsigned char *data, size_t size, uint64_t max_pixels,
                             unsigned char background_red, unsigned char background_green,
                             unsigned char background_blue);

/// Reads the header and prepares the transforms. Sets the size even when it returns
/// HL_IMAGE_TOO_LARGE (more than `max_pixels`, or a side over HL_IMAGE_MAX_SIDE), which is
/// checked before anything of the image's size is allocated.
hl_image_status hl_png_read_header(hl_png_reader *reader, uint32_t *width, uint32_t *height);

/// Reads the next row (or Adam7 pass row) into `rgb`, which holds `width * 3` bytes.
hl_image_status hl_png_read_row(hl_png_reader *reader, unsigned char *_Nullable rgb, hl_png_row *row);

/// Why the last call failed, in libpng's words (or ours).
const char *hl_png_message(const hl_png_reader *reader);

void hl_png_destroy(hl_png_reader *_Nullable reader);

#pragma clang assume_nonnull end

#endif
