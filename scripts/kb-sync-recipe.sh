#!/bin/sh
# Syncs a knowledge-base folder kept in git into a tab of the portal. Safe to run
# on every push: a run over a folder that is already in sync changes nothing,
# says so, and exits 0.
#
#   FP_BASE_URL, FP_API_KEY  the portal and its API key
#   KB_TAB                   the knowledge-base tab id
#   KB_DIR                   the folder, laid out like `fp kb sync export --dir`
#   FP                       how to run fp (default: fp)
#   KB_EXECUTE_FLAGS         extra flags for execute, e.g. "--confirm-delete abc12"
#   KB_LINK_GATE             fail (default): a broken link fails the run; off: no scan
#
# Exit status: 0 in sync (and, with the gate, no broken link); otherwise the
# failing step's status (1 request failed, a deletion not confirmed or a broken
# link; 2 usage; 4 authentication).
#
# After execute, the folder holds the ids of the items it created (front matter
# `id:` lines and .fp-sync.json): commit them, or the next run from a fresh
# checkout creates those items again.
set -u
fp=${FP:-fp}
tab=${KB_TAB:?set KB_TAB to the knowledge-base tab id}
dir=${KB_DIR:?set KB_DIR to the folder to sync}

echo "== preview"
# --exit-code: 0 no changes, 3 changes pending, anything else is a failure.
$fp kb sync preview --tab "$tab" "$dir" --exit-code
status=$?
case $status in
  0) echo "== nothing to apply" ;;
  3)
    echo "== execute"
    # shellcheck disable=SC2086 # the extra flags are meant to split
    $fp kb sync execute --tab "$tab" "$dir" --yes ${KB_EXECUTE_FLAGS:-} || exit $?
    ;;
  *) exit "$status" ;;
esac

if [ "${KB_LINK_GATE:-fail}" != off ]; then
  echo "== link health"
  $fp kb link-health scan --tab "$tab" --fail-on-broken || exit $?
fi
echo "== done"
