const badges = [
  { name: "Boleto", className: "bg-slate-800 text-white" },
  { name: "Visa", className: "bg-[#1a1f71] text-white italic" },
  { name: "Mastercard", className: "bg-[#eb001b] text-white" },
  { name: "Elo", className: "bg-black text-[#ffcb05]" },
  { name: "Hipercard", className: "bg-[#b3131b] text-white" },
  { name: "American Express", className: "bg-[#2e77bc] text-white" },
];

export function PaymentBadges() {
  return (
    // Each badge's shape is `.payment-badges li` of app.css (decision 0082), its colours here.
    <ul className="payment-badges" aria-label="Formas de pagamento aceitas">
      {badges.map((badge) => (
        <li key={badge.name} className={badge.className}>
          {badge.name}
        </li>
      ))}
    </ul>
  );
}
