#!/usr/bin/env bash
# Prints the release notes of a published version (the publish workflow gives them to its
# GitHub release): the version's section of CHANGELOG.md, then the version's checksum as npm
# records it, and the line of N8N_COMMUNITY_PACKAGES that installs it on an n8n with unverified
# packages off (docs/n8n-3.md, "Install from n8n's environment list").
#
# Usage: bash scripts/release-notes.sh <version> <integrity>
#   integrity: `npm view n8n-nodes-pdf-noodle@<version> dist.integrity` once it is published.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
version="${1:?the version, e.g. 0.1.1}"
integrity="${2:?the integrity of the published version (sha512-...)}"
name="$(node -p "require('$root/package.json').name")"

case "$integrity" in
  sha512-*) ;;
  *) echo "release-notes: \"$integrity\" is not a sha512 integrity" >&2; exit 2 ;;
esac

# The lines between "## [<version>]" and the next "## [" heading, without the links at the end.
awk -v heading="## [$version]" 'index($0, heading) == 1 { on = 1; next } /^## \[/ { on = 0 } on && !/^\[[^]]*\]: /' "$root/CHANGELOG.md"

cat <<EOF

## Checksum

\`npm view $name@$version dist.integrity\`:

\`\`\`
$integrity
\`\`\`

On an n8n with unverified community packages off (the default from n8n 3.0), this line in
n8n's environment installs this version at start (see docs/n8n-3.md, "Install from n8n's environment list"):

\`\`\`dotenv
N8N_COMMUNITY_PACKAGES=[{"name":"$name","version":"$version","checksum":"$integrity"}]
\`\`\`
EOF
