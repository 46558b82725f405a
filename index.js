// n8n finds the nodes and credentials through the "n8n" section of package.json;
// this entry point exists only so that the package can be required.
module.exports = {};
