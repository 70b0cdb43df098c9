/** The store's frequently asked questions (shown on /faq). */
export const FAQ = [
  {
    question: "Como faço para comprar para o meu filho ou filha?",
    answer:
      "Crie sua conta ou faça login, escolha o produto e clique em Comprar. Em seguida, vincule o estudante: pelo RA (número de matrícula), se ele já estuda na rede, ou pelo cadastro de um novo aluno, se a matrícula ainda não foi feita. Cada estudante tem o seu próprio carrinho.",
  },
  {
    question: "O que é o RA e onde encontro esse número?",
    answer:
      "O RA é o Registro Acadêmico, o número de matrícula do estudante. Ele aparece no boletim, na carteirinha escolar e no portal do aluno. Em caso de dúvida, a secretaria da unidade informa o RA ao responsável.",
  },
  {
    question: "Posso comprar para mais de um estudante na mesma compra?",
    answer:
      "Sim. Vincule todos os estudantes à sua conta: os itens de cada um ficam separados no carrinho e a compra é finalizada de uma só vez, com um comprovante por estudante.",
  },
  {
    question: "Quais são as formas de pagamento?",
    answer:
      "Boleto bancário à vista e cartão de crédito (Visa, Mastercard, Elo, Hipercard e American Express), com parcelamento conforme o valor da compra e o tipo de produto. Itens gratuitos, como palestras abertas, são confirmados sem pagamento.",
  },
  {
    question: "Em quantas vezes posso parcelar no cartão?",
    answer:
      "O número de parcelas depende do total: até R$ 99,99 à vista; de R$ 100 a R$ 199,99 em até 2 vezes; até 3 vezes a partir de R$ 200; até 4 vezes a partir de R$ 300; até 6 vezes a partir de R$ 400 e até 12 vezes a partir de R$ 1.000. Cursos e eventos seguem o plano de pagamento do ano letivo.",
  },
  {
    question: "Por que só posso ter um curso ou evento por estudante no carrinho?",
    answer:
      "Cursos e eventos têm vagas, turno e unidade próprios. Para garantir a vaga certa, cada estudante pode ter um curso ou evento por compra. Depois de concluir, você pode fazer uma nova compra para outra atividade.",
  },
  {
    question: "Como uso um cupom de desconto?",
    answer:
      "Na etapa de pagamento, escolha um dos cupons disponíveis para o seu carrinho e clique em aplicar. É permitido um cupom por compra. O cupom continua aplicado enquanto valer para os itens do carrinho; se uma alteração fizer ele deixar de valer, avisamos que foi removido.",
  },
  {
    question: "Quando o boleto vence e quando a compra é confirmada?",
    answer:
      "O boleto vence em três dias úteis. A confirmação chega por e-mail assim que o banco compensa o pagamento, normalmente em até dois dias úteis. No cartão, a confirmação é imediata após a aprovação.",
  },
  {
    question: "Onde retiro o fardamento e o material didático?",
    answer:
      "Na unidade escolar indicada em cada produto, de segunda a sexta, das 7h às 18h, apresentando o comprovante da compra. O comprovante pode ser aberto pelo link enviado por e-mail.",
  },
  {
    question: "Posso trocar o tamanho do fardamento?",
    answer:
      "Sim, em até 30 dias após a retirada, com a peça sem uso e com etiqueta, na mesma unidade escolar. Trocas estão sujeitas à disponibilidade de estoque.",
  },
  {
    question: "Esqueci minha senha. O que faço?",
    answer:
      "Clique no ícone de login, depois em “Esqueci a senha”, e informe o e-mail da sua conta. Você receberá um link para criar uma nova senha, válido por uma hora.",
  },
  {
    question: "Meus dados e os dados do cartão estão seguros?",
    answer:
      "Sim. A loja usa conexão criptografada e não guarda o número nem o código de segurança do cartão: eles seguem direto para o processador de pagamento. Guardamos apenas a bandeira e os quatro últimos dígitos para o seu comprovante.",
  },
] as const;
