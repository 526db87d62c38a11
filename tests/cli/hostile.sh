# The hostile pass (tests/hostile.sh) in its fast form: every reader and writer fed mutated inputs on the
# tiny lists; none may abort, hang, outgrow the memory limit or print a raw control byte. The long
# form (tests/hostile.sh --long: the real lists and every mutation) is run by hand; the README's
# Reliability section gives the counts of both.
HS=$HS ROOT=$ROOT sh "$ROOT/tests/hostile.sh"
