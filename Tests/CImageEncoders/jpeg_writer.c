#include "image_encoders.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <jpeglib.h>

struct hl_encode_error {
    struct jpeg_error_mgr base;
    jmp_buf jump;
};

static void hl_encode_error_exit(j_common_ptr cinfo) {
    longjmp(((struct hl_encode_error *)(void *)cinfo->err)->jump, 1);
}

int hl_jpeg_encode(const uint8_t *pixels, uint32_t width, uint32_t height, int components,
                   int quality, int progressive, int full_chroma,
                   unsigned char **out, size_t *out_size) {
    *out = NULL;
    *out_size = 0;
    if (components != 1 && components != 3 && components != 4) return 0;
    struct jpeg_compress_struct cinfo;
    struct hl_encode_error error;
    // jpeg_mem_dest owns and grows this buffer; volatile because setjmp may return twice.
    unsigned char *volatile buffer = NULL;
    unsigned long size = 0;
    cinfo.err = jpeg_std_error(&error.base);
    error.base.error_exit = hl_encode_error_exit;
    if (setjmp(error.jump)) {
        jpeg_destroy_compress(&cinfo);
        free(buffer);
        return 0;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, (unsigned char **)&buffer, &size);
    cinfo.image_width = width;
    cinfo.image_height = height;
    cinfo.input_components = components;
    cinfo.in_color_space = components == 4 ? JCS_CMYK : components == 3 ? JCS_RGB : JCS_GRAYSCALE;
    jpeg_set_defaults(&cinfo);  // CMYK is stored as given, with an Adobe marker
    jpeg_set_quality(&cinfo, quality, TRUE);
    if (full_chroma && components >= 3) {
        for (int i = 0; i < cinfo.num_components; i++) {
            cinfo.comp_info[i].h_samp_factor = 1;
            cinfo.comp_info[i].v_samp_factor = 1;
        }
    }
    if (progressive) jpeg_simple_progression(&cinfo);
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)cinfo.next_scanline * width * components);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    *out = buffer;
    *out_size = size;
    return 1;
}
