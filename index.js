/**
 * The package's main: the node and credential classes that package.json's "n8n" section
 * lists (n8n loads them from those paths; this is for code that requires the package).
 */
module.exports = {
	PdfNoodle: require('./dist/nodes/PdfNoodle/PdfNoodle.node.js').PdfNoodle,
	PdfNoodleTrigger: require('./dist/nodes/PdfNoodleTrigger/PdfNoodleTrigger.node.js').PdfNoodleTrigger,
	PdfNoodleApi: require('./dist/credentials/PdfNoodleApi.credentials.js').PdfNoodleApi,
	PdfNoodleTriggerApi: require('./dist/credentials/PdfNoodleTriggerApi.credentials.js').PdfNoodleTriggerApi,
};
