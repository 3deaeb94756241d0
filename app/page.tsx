export default function HomePage() {
  return (
    <main>
      <h1>inmo</h1>
      <p>The CRM for real-estate sales teams. The REST API lives under /api/v1.</p>
    </main>
  );
}
