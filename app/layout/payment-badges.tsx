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
    <ul className="flex flex-wrap gap-2" aria-label="Formas de pagamento aceitas">
      {badges.map((badge) => (
        <li key={badge.name} className={`rounded px-2 py-1 text-[11px] font-bold ${badge.className}`}>
          {badge.name}
        </li>
      ))}
    </ul>
  );
}
