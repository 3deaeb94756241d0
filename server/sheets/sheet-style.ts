/**
 * The sheet's only styles, inline (the page loads nothing else): a phone
 * first layout, one column, large tap targets, readable without zoom; wider
 * screens get a centred card.
 */
export const SHEET_CSS = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f4f2;color:#1c1c1a;line-height:1.45;-webkit-text-size-adjust:100%}
main{max-width:640px;margin:0 auto;background:#fff;min-height:100vh}
.photo{display:block;width:100%;aspect-ratio:4/3;object-fit:cover;background:#e7e5e0}
.photos{display:flex;overflow-x:auto;scroll-snap-type:x mandatory;gap:4px;background:#e7e5e0;-webkit-overflow-scrolling:touch}
.photos .photo{flex:0 0 88%;width:88%;min-width:0;scroll-snap-align:start}
.photos .photo:only-child{flex-basis:100%}
.body{padding:20px 18px 28px}
.eyebrow{margin:0;color:#6b6a65;font-size:14px}
h1{margin:4px 0 8px;font-size:26px;line-height:1.2;letter-spacing:-0.01em}
.price{margin:0 0 4px;font-size:24px;font-weight:700;color:#0f5132}
.price small{font-size:15px;font-weight:500;color:#6b6a65}
.badge{display:inline-block;margin:6px 0 0;padding:2px 10px;border-radius:999px;font-size:13px;font-weight:600;background:#e6f4ea;color:#0f5132}
.badge.reserved,.badge.sold{background:#fdecea;color:#8a1c12}
.facts{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:10px;margin:20px 0;padding:0;list-style:none}
.facts li{background:#f4f4f2;border-radius:12px;padding:10px 12px}
.facts span{display:block;font-size:12px;color:#6b6a65;text-transform:uppercase;letter-spacing:.04em}
.facts strong{font-size:17px}
.desc{margin:0 0 18px;color:#3b3a36;white-space:pre-line}
.place{margin:0 0 20px}
.place h2{font-size:15px;margin:0 0 4px;color:#6b6a65;font-weight:600}
.place p{margin:0 0 6px}
a{color:#0b57d0}
.actions{display:flex;flex-direction:column;gap:12px}
.btn{display:block;width:100%;padding:15px 18px;border-radius:14px;border:0;font:inherit;font-size:17px;font-weight:650;text-align:center;text-decoration:none;cursor:pointer}
.btn.primary{background:#0f5132;color:#fff}
.btn.whatsapp{background:#25d366;color:#0b2e17}
.note{margin:0;padding:14px 16px;border-radius:14px;background:#e6f4ea;color:#0f5132;font-weight:600}
.muted{color:#6b6a65}
.lead-form{display:flex;flex-direction:column;gap:12px;margin:0;padding:16px;border-radius:16px;background:#f4f4f2}
.lead-form h2{margin:0;font-size:17px}
.lead-form label{display:flex;flex-direction:column;gap:4px;font-size:14px;font-weight:600;color:#3b3a36}
.lead-form input{font:inherit;font-size:16px;padding:12px;border:1px solid #c9c7c0;border-radius:10px;background:#fff;color:#1c1c1a;width:100%}
.lead-form input[aria-invalid=true]{border-color:#b3261e}
.lead-form .hint{margin:0;font-size:13px;color:#6b6a65}
.lead-form .trap{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.errors{margin:0;padding:10px 14px 10px 30px;border-radius:10px;background:#fdecea;color:#8a1c12;font-size:14px}
.center{padding:48px 22px;text-align:center}
@media (min-width:700px){body{padding:32px 0}main{min-height:0;border-radius:20px;overflow:hidden;box-shadow:0 6px 30px rgba(0,0,0,.08)}}
`;
