const path = require('path');
const { task, src, dest, parallel } = require('gulp');

// n8n loads a node's or credential's `file:` icon from beside its compiled file,
// so the icons go into dist/ next to the JavaScript.
function copyIconsOf(folder) {
	const copy = () =>
		src(path.resolve(folder, '**', '*.{png,svg}'), { encoding: false, allowEmpty: true }).pipe(
			dest(path.resolve('dist', folder)),
		);
	copy.displayName = `copy ${folder} icons`;
	return copy;
}

task('build:icons', parallel(copyIconsOf('nodes'), copyIconsOf('credentials')));
