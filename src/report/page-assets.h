/* hardsix — the files of src/report/page/ built into the library (scripts/embed.sh makes
 * BUILD/gen/page-assets.c from them): each an array of its lines, newline included, NULL-terminated. */
#pragma once

extern const char *const hs_asset_page_html[];
extern const char *const hs_asset_page_css[];
extern const char *const hs_asset_page_js[];
