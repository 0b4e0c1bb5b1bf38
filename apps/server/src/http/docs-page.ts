/** The browsable reference page: Scalar's standalone bundle, served locally (there is no CDN offline). */
export function docsPage(): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Corridor API reference</title>
  </head>
  <body>
    <script id="api-reference" data-url="/openapi.json"></script>
    <script src="/docs/standalone.js"></script>
  </body>
</html>
`;
}
