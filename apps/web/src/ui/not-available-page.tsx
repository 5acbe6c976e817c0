// Stands in for a screen of the route table that is not built yet: says so plainly instead of a blank page.

export function NotAvailablePage({ title }: { title: string }) {
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{title}</h1>
      <p className="not-available">{title} is not available yet.</p>
    </section>
  );
}
