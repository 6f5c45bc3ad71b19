#!/bin/sh
# Syncs a knowledge-base folder kept in git into a tab of the portal. Safe to run
# on every push: a run over a folder that is already in sync changes nothing,
# says so, and exits 0. The GitHub Action (action.yml) and the GitLab CI template
# (ci/gitlab/kb-sync.gitlab-ci.yml) run this script.
#
#   FP_BASE_URL, FP_API_KEY  the portal and its API key
#   KB_TAB                   the knowledge-base tab id
#   KB_DIR                   the folder, laid out like `fp kb sync export --dir`: folders
#                            are sections, files articles, images under images/
#   FP                       how to run fp (default: fp)
#   KB_APPLY                 true (default): execute when the preview shows changes;
#                            false: preview only (a branch that is not the default one)
#   KB_EXECUTE_FLAGS         extra flags for execute, e.g. "--confirm-delete abc12"
#   KB_LINK_GATE             fail (default): a broken link fails the run; off: no scan
#   KB_SUMMARY_FILE          when set, the counts are appended to it as name=value lines
#                            ($GITHUB_OUTPUT in an Action, a dotenv report in GitLab CI):
#                            changes, applied, created, updated, deleted, skipped,
#                            images_added, images_changed, images_removed, broken_links.
#                            With applied=false they count what the plan would do.
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
summary=${KB_SUMMARY_FILE:-}
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT

# Appends name=value lines to the summary file, when there is one.
record() {
  [ -z "$summary" ] || printf '%s\n' "$@" >>"$summary"
}

# The counts of a JSON answer of fp ($1: plan or result), as name=value lines; a
# result also gets one line for people on stderr.
counts() {
  node -e '
    const [kind, file] = process.argv.slice(1);
    const data = JSON.parse(require("node:fs").readFileSync(file, "utf8"));
    const s = data.summary;
    const images = (kind === "result" ? data.applied.images : data.images) ?? {};
    const n = (list) => (Array.isArray(list) ? list.length : 0);
    const [created, updated, deleted, skipped] =
      kind === "result" ? [s.created, s.updated, s.deleted, s.skipped] : [s.create, s.update, s.delete, 0];
    const [added, changed, removed] = [n(images.create), n(images.update), n(images.delete)];
    if (kind === "result")
      console.error(`Applied: ${created} created, ${updated} updated, ${deleted} deleted, ${skipped} skipped; ` +
        `images: ${added} added, ${changed} changed, ${removed} removed.`);
    console.log([`created=${created}`, `updated=${updated}`, `deleted=${deleted}`, `skipped=${skipped}`,
      `images_added=${added}`, `images_changed=${changed}`, `images_removed=${removed}`].join("\n"));
  ' "$1" "$2"
}

echo "== preview"
# --exit-code: 0 no changes, 3 changes pending, anything else is a failure.
$fp kb sync preview --tab "$tab" "$dir" --exit-code
status=$?
case $status in
  0)
    echo "== nothing to apply"
    record changes=false applied=false created=0 updated=0 deleted=0 skipped=0 \
      images_added=0 images_changed=0 images_removed=0
    ;;
  3)
    if [ "${KB_APPLY:-true}" != true ]; then
      echo "== not applied (KB_APPLY=${KB_APPLY})"
      if [ -n "$summary" ]; then
        $fp kb sync preview --tab "$tab" "$dir" --json >"$work/plan.json" || exit $?
        record changes=true applied=false "$(counts plan "$work/plan.json")"
      fi
    elif [ -z "$summary" ]; then
      echo "== execute"
      # shellcheck disable=SC2086 # the extra flags are meant to split
      $fp kb sync execute --tab "$tab" "$dir" --yes ${KB_EXECUTE_FLAGS:-} || exit $?
    else
      echo "== execute"
      # The plan goes to stderr, the result (JSON) to a file for the counts.
      # shellcheck disable=SC2086 # the extra flags are meant to split
      $fp kb sync execute --tab "$tab" "$dir" --yes ${KB_EXECUTE_FLAGS:-} --json >"$work/result.json"
      status=$?
      [ -s "$work/result.json" ] && record changes=true applied=true "$(counts result "$work/result.json")"
      [ "$status" -eq 0 ] || exit "$status"
    fi
    ;;
  *) exit "$status" ;;
esac

if [ "${KB_LINK_GATE:-fail}" != off ]; then
  echo "== link health"
  $fp kb link-health scan --tab "$tab" --fail-on-broken
  status=$?
  if [ -n "$summary" ] && $fp kb link-health results --tab "$tab" --json >"$work/links.json"; then
    # Broken links are counted once per distinct URL, as the scan counts them.
    record "broken_links=$(node -e '
      const { posts } = JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8"));
      console.log(new Set(posts.flatMap((p) => p.links.filter((l) => !l.ok).map((l) => l.url))).size);
    ' "$work/links.json")"
  fi
  [ "$status" -eq 0 ] || exit "$status"
fi
echo "== done"
