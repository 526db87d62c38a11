/* hardsix — public API umbrella header. */
#pragma once

#include "words.h"
#include "feedback.h"
#include "rules.h"
#include "histogram.h"
#include "rank.h"
#include "strategy.h"
#include "overrides.h"
#include "greedy.h"
#include "format.h"
#include "verify.h"
#include "sweep.h"
#include "repair.h"
#include "robust.h"
#include "sheet.h"
#include "fileutil.h"
#include "prove.h"
