// The public addresses of the system, all derived from package.json's one `repository` value, so
// that system.json, the build and the release never disagree (and are never left blank).

/** The repository's web address, without a trailing slash or ".git". */
export function repositoryUrl(pkg) {
  const raw = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
  if (typeof raw !== 'string' || !/^https:\/\/[^/]+\/[^/]+\/[^/]+/.test(raw.replace(/^git\+/, ''))) {
    throw new Error('package.json needs "repository": { "url": "https://<host>/<owner>/<name>" }');
  }
  return raw
    .replace(/^git\+/, '')
    .replace(/\.git$/, '')
    .replace(/\/+$/, '');
}

/** The tag a release of this version is published under. */
export function releaseTag(pkg) {
  return `v${pkg.version}`;
}

/**
 * url, manifest, download and bugs for system.json. `manifest` is the latest release's manifest
 * (how Foundry finds updates); `download` is this version's zip, so an installed manifest always
 * names the archive it came from.
 */
export function manifestUrls(pkg, zipName = 'passe-d-armes.zip') {
  const repo = repositoryUrl(pkg);
  return {
    url: repo,
    manifest: `${repo}/releases/latest/download/system.json`,
    download: `${repo}/releases/download/${releaseTag(pkg)}/${zipName}`,
    bugs: `${repo}/issues`,
  };
}
