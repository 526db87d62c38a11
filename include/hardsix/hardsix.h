/* hardsix — the library's interface, one header per module, grouped by layer (docs/ARCHITECTURE.md):
 * util <- core <- engine <- report, with the independent verifier beside the engine. The headers are
 * the project's internal interface between the library and its command-line program and tests (they
 * are not installed; see README "Library"). */
#pragma once

#include "hardsix/util/fileutil.h"
#include "hardsix/util/escape.h"
#include "hardsix/util/bigmem.h"

#include "hardsix/core/words.h"
#include "hardsix/core/feedback.h"
#include "hardsix/core/rules.h"
#include "hardsix/core/histogram.h"
#include "hardsix/core/strategy.h"

#include "hardsix/engine/rank.h"
#include "hardsix/engine/split.h"
#include "hardsix/engine/overrides.h"
#include "hardsix/engine/greedy.h"
#include "hardsix/engine/sweep.h"
#include "hardsix/engine/repair.h"
#include "hardsix/engine/robust.h"
#include "hardsix/engine/prove.h"
#include "hardsix/engine/optimize.h"

#include "hardsix/verify/verify.h"

#include "hardsix/report/report.h"
#include "hardsix/report/format.h"
#include "hardsix/report/publish.h"
#include "hardsix/report/sheet.h"
#include "hardsix/report/page.h"
#include "hardsix/report/robust-report.h"
#include "hardsix/report/rows.h"
