#include "image_encoders.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

typedef struct hl_buffer {
    unsigned char *bytes;
    size_t size;
    size_t capacity;
    int failed;
} hl_buffer;

static void hl_buffer_write(png_structp png, png_bytep data, size_t length) {
    hl_buffer *buffer = png_get_io_ptr(png);
    if (buffer->size + length > buffer->capacity) {
        size_t capacity = buffer->capacity * 2 + length + 4096;
        unsigned char *grown = realloc(buffer->bytes, capacity);
        if (grown == NULL) png_error(png, "out of memory");
        buffer->bytes = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->size, data, length);
    buffer->size += length;
}

static void hl_buffer_flush(png_structp png) { (void)png; }

static int hl_png_channels(int color_type) {
    switch (color_type) {
    case PNG_COLOR_TYPE_GRAY: return 1;
    case PNG_COLOR_TYPE_PALETTE: return 1;
    case PNG_COLOR_TYPE_GRAY_ALPHA: return 2;
    case PNG_COLOR_TYPE_RGB: return 3;
    case PNG_COLOR_TYPE_RGB_ALPHA: return 4;
    default: return 0;
    }
}

/// Packs one row of samples into PNG's layout: big-endian 16-bit, or several samples a byte.
static void hl_pack_row(const hl_png_spec *spec, int channels, uint32_t y, unsigned char *row) {
    size_t values = (size_t)spec->width * channels;
    const uint16_t *source = spec->samples + (size_t)y * values;
    if (spec->bit_depth == 16) {
        for (size_t i = 0; i < values; i++) {
            row[2 * i] = (unsigned char)(source[i] >> 8);
            row[2 * i + 1] = (unsigned char)(source[i] & 0xFF);
        }
    } else if (spec->bit_depth == 8) {
        for (size_t i = 0; i < values; i++) row[i] = (unsigned char)source[i];
    } else {
        int depth = spec->bit_depth, per_byte = 8 / depth;
        memset(row, 0, (values + per_byte - 1) / per_byte);
        for (size_t i = 0; i < values; i++) {
            int shift = 8 - depth * (int)(i % per_byte + 1);
            row[i / per_byte] |= (unsigned char)((source[i] & ((1 << depth) - 1)) << shift);
        }
    }
}

/// Writes `spec`; with no samples, every row is zero bytes (never held whole), filtered and
/// compressed so that the file stays small.
static int hl_png_write(const hl_png_spec *spec, unsigned char **out, size_t *out_size) {
    *out = NULL;
    *out_size = 0;
    int channels = hl_png_channels(spec->color_type);
    if (channels == 0 || spec->width == 0 || spec->height == 0) return 0;
    hl_buffer buffer = {0};
    size_t row_bytes = ((size_t)spec->width * channels * spec->bit_depth + 7) / 8;
    unsigned char *row = calloc(row_bytes, 1);
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png != NULL ? png_create_info_struct(png) : NULL;
    if (row == NULL || png == NULL || info == NULL || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(row);
        free(buffer.bytes);
        return 0;
    }
    png_set_write_fn(png, &buffer, hl_buffer_write, hl_buffer_flush);
    png_set_IHDR(png, info, spec->width, spec->height, spec->bit_depth, spec->color_type,
                 spec->interlaced ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (spec->samples == NULL) {
        png_set_compression_level(png, 9);
        png_set_filter(png, 0, PNG_FILTER_NONE);
    }
    if (spec->color_type == PNG_COLOR_TYPE_PALETTE) {
        png_color colors[256];
        for (int i = 0; i < spec->palette_count && i < 256; i++) {
            colors[i].red = spec->palette[3 * i];
            colors[i].green = spec->palette[3 * i + 1];
            colors[i].blue = spec->palette[3 * i + 2];
        }
        png_set_PLTE(png, info, colors, spec->palette_count);
        if (spec->palette_alpha != NULL) {
            png_set_tRNS(png, info, spec->palette_alpha, spec->palette_alpha_count, NULL);
        }
    } else if (spec->transparent != NULL) {
        png_color_16 color = {0};
        if (spec->color_type == PNG_COLOR_TYPE_GRAY) {
            color.gray = spec->transparent[0];
        } else {
            color.red = spec->transparent[0];
            color.green = spec->transparent[1];
            color.blue = spec->transparent[2];
        }
        png_set_tRNS(png, info, NULL, 0, &color);
    }
    png_write_info(png, info);
    int passes = png_set_interlace_handling(png);
    for (int pass = 0; pass < passes; pass++) {
        for (uint32_t y = 0; y < spec->height; y++) {
            if (spec->samples != NULL) hl_pack_row(spec, channels, y, row);
            png_write_row(png, row);
        }
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(row);
    *out = buffer.bytes;
    *out_size = buffer.size;
    return 1;
}

int hl_png_encode(const hl_png_spec *spec, unsigned char **out, size_t *out_size) {
    if (spec->samples == NULL) {
        *out = NULL;
        *out_size = 0;
        return 0;
    }
    return hl_png_write(spec, out, out_size);
}

int hl_png_encode_blank(uint32_t width, uint32_t height, int color_type, int bit_depth, int interlaced,
                        unsigned char **out, size_t *out_size) {
    hl_png_spec spec = {.width = width, .height = height, .color_type = color_type, .bit_depth = bit_depth,
                        .interlaced = interlaced};
    if (color_type == PNG_COLOR_TYPE_PALETTE) {
        *out = NULL;
        *out_size = 0;
        return 0;
    }
    return hl_png_write(&spec, out, out_size);
}

void hl_free(void *pointer) { free(pointer); }
